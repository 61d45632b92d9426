import { fireEvent, render, screen } from '@testing-library/react';
import { Pager } from './Pager';

describe('Pager', () => {
  it('Previous and Next stop at the ends', () => {
    const onChange = jest.fn();
    const { rerender } = render(<Pager page={1} pages={3} onChange={onChange} />);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(2);
    rerender(<Pager page={3} pages={3} onChange={onChange} />);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('renders nothing for one page', () => {
    const { container } = render(<Pager page={1} pages={1} onChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
