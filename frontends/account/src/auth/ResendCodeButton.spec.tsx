import { act, fireEvent, render, screen } from '@testing-library/react';
import { ResendCodeButton } from './ResendCodeButton';

describe('ResendCodeButton', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('counts the wait down second by second, then lets a new code be asked for', () => {
    const onResend = jest.fn();
    render(<ResendCodeButton readyAt={Date.now() + 60_000} busy={false} onResend={onResend} />);
    const button = screen.getByRole('button') as HTMLButtonElement;
    expect(button.textContent).toBe('Send a new code in 60 s');
    expect(button.disabled).toBe(true);
    act(() => jest.advanceTimersByTime(15_000));
    expect(button.textContent).toBe('Send a new code in 45 s');
    fireEvent.click(button);
    expect(onResend).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(45_000));
    expect(button.textContent).toBe('Send a new code');
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('starts a new wait when a new code goes out, and waits while busy', () => {
    const { rerender } = render(<ResendCodeButton readyAt={0} busy={false} onResend={() => undefined} />);
    const button = screen.getByRole('button') as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    rerender(<ResendCodeButton readyAt={0} busy onResend={() => undefined} />);
    expect(button.disabled).toBe(true);
    rerender(<ResendCodeButton readyAt={Date.now() + 30_000} busy={false} onResend={() => undefined} />);
    expect(button.textContent).toBe('Send a new code in 30 s');
  });
});
