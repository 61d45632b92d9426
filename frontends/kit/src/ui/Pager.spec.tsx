import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Pager } from './Pager';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Pager', () => {
  it('is a named navigation with the current page, and Previous and Next stop at the ends', () => {
    const onChange = jest.fn();
    const { rerender } = render(<Pager page={1} pages={3} onChange={onChange} label="Clients pages" />);
    const nav = screen.getByRole('navigation', { name: 'Clients pages' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Page 1 of 3');
    expect(button('Previous').disabled).toBe(true);
    fireEvent.click(button('Next'));
    expect(onChange).toHaveBeenCalledWith(2);
    rerender(<Pager page={3} pages={3} onChange={onChange} label="Clients pages" />);
    expect(button('Next').disabled).toBe(true);
    fireEvent.click(button('Previous'));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('is called Pages unless named', () => {
    render(<Pager page={2} pages={2} onChange={() => undefined} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });

  it('renders nothing for one page', () => {
    const { container } = render(<Pager page={1} pages={1} onChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('waits while a page loads', () => {
    render(<Pager page={2} pages={3} onChange={() => undefined} disabled />);
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);
  });

  /** A list whose page loads until `finish` is clicked, as the apps' lists do. */
  function Harness({ pages }: { pages: number }) {
    const [page, setPage] = useState(pages - 1);
    const [loading, setLoading] = useState(false);
    return (
      <>
        <Pager
          page={page}
          pages={pages}
          disabled={loading}
          onChange={(next) => {
            setPage(next);
            setLoading(true);
          }}
        />
        <button type="button" onClick={() => setLoading(false)}>
          finish
        </button>
      </>
    );
  }

  it('keeps focus in the pager when the pressed button is disabled at the end', () => {
    render(<Harness pages={3} />);
    button('Next').focus();
    fireEvent.click(button('Next'));
    expect(button('Next').disabled).toBe(true);
    // The page arrives: Next stays disabled at the last page, so focus moves to Previous.
    fireEvent.click(screen.getByRole('button', { name: 'finish', hidden: true }));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(document.activeElement).toBe(button('Previous'));
  });

  it('gives focus back to the pressed button when it is usable again', () => {
    render(<Harness pages={5} />);
    button('Previous').focus();
    fireEvent.click(button('Previous'));
    fireEvent.click(screen.getByRole('button', { name: 'finish', hidden: true }));
    expect(screen.getByText('Page 3 of 5')).toBeTruthy();
    expect(document.activeElement).toBe(button('Previous'));
  });
});
