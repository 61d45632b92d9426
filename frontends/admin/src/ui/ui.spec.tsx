import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '@growth/kit';
import { ConfirmDialog } from './ConfirmDialog';
import { ErrorBanner } from './ErrorBanner';
import { Pager } from './Pager';
import { ADMIN_TOAST_MS, Toast } from './Toast';
import { formatDate } from './formatDate';

describe('formatDate', () => {
  it('writes dates in Indian English', () => {
    expect(formatDate('2025-09-02T10:00:00Z')).toBe(
      new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date('2025-09-02T10:00:00Z')),
    );
    expect(formatDate('2025-09-02T10:00:00Z')).toMatch(/^2 Sept? 2025$/);
    expect(formatDate('2025-09-02T10:00:00Z', { withTime: true })).toMatch(/^2 Sept? 2025, \d{1,2}:\d\d\s?(am|pm)$/i);
  });

  it('shows a dash for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('ErrorBanner', () => {
  it("shows the spec's text and the server's message", () => {
    render(<ErrorBanner title="Delete failed" error={new ApiError('Service not found.', { status: 404 })} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Delete failed' + 'Service not found.');
  });

  it('shows the text once when the server said the same, and a Retry when asked', () => {
    const retry = jest.fn();
    render(<ErrorBanner title="Failed to load services" error={new Error('Failed to load services')} onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load servicesRetry');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });
});

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

describe('ConfirmDialog', () => {
  function Harness({ onConfirm }: { onConfirm(): void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Delete
        </button>
        {open && (
          <ConfirmDialog title="Delete service?" onConfirm={onConfirm} onCancel={() => setOpen(false)}>
            <p>It disappears from the catalogue.</p>
          </ConfirmDialog>
        )}
      </>
    );
  }

  it('is an alertdialog with Cancel focused; Escape cancels and the focus goes back', () => {
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete service?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('Toast', () => {
  afterEach(() => jest.useRealTimers());

  it(`calls onDone ${ADMIN_TOAST_MS} ms after the message appears`, () => {
    jest.useFakeTimers();
    const onDone = jest.fn();
    render(<Toast message="Saved" durationMs={ADMIN_TOAST_MS} onDone={onDone} />);
    expect(screen.getByRole('status').textContent).toBe('Saved');
    act(() => jest.advanceTimersByTime(ADMIN_TOAST_MS - 1));
    expect(onDone).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
