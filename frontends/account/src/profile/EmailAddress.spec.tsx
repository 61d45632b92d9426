import { render } from '@testing-library/react';
import { EmailAddress, emailParts } from './EmailAddress';

describe('EmailAddress', () => {
  it("offers line breaks only before the '@' and the dots, never inside a word", () => {
    expect(emailParts('very.long.first.name@subdomain.example-company.com')).toEqual(['very', '.long', '.first', '.name', '@subdomain', '.example-company', '.com']);
    const { container } = render(<EmailAddress address="ann.lee@example.com" />);
    expect(container.textContent).toBe('ann.lee@example.com');
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
  });
});
