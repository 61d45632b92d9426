import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@growth/kit';
import { ErrorBanner } from './ErrorBanner';

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
