import { act, render, screen } from '@testing-library/react';
import { ADMIN_TOAST_MS, Toast } from './Toast';

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
