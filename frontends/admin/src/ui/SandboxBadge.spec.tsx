import { render, screen } from '@testing-library/react';
import { SandboxBadge } from './SandboxBadge';

describe('SandboxBadge', () => {
  it('shows "Sandbox" on an order paid with no real money, read (and shown on hover) as what it means', () => {
    const { container } = render(<SandboxBadge sandbox={true} />);
    expect(screen.getByText('Sandbox')).toBeTruthy();
    // What a screen reader reads: the full words, not "Status: …" nor the short text twice.
    expect(screen.getByText('Sandbox payment — no real money')).toBeTruthy();
    expect(container.textContent).toBe('SandboxSandbox payment — no real money');
    expect(screen.getByText('Sandbox').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTitle('Sandbox payment — no real money')).toBeTruthy();
  });

  it('shows nothing for a real-money order, an older server that does not say, or anything but true', () => {
    for (const value of [false, undefined, null, 'true', 1]) {
      const { container, unmount } = render(<SandboxBadge sandbox={value} />);
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});
