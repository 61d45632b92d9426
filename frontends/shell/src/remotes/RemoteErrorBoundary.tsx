import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  onRetry(): void;
}

interface State {
  failed: boolean;
}

/** Catches a remote that fails to download or to render, and offers a retry instead of a white page. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A page failed to load:', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RemoteLoadFailed onRetry={this.props.onRetry} />;
  }
}

/** A page that could not be loaded: the layout stays, with a retry and a way home. */
export function RemoteLoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <section className="page-message" role="alert">
      <h1 className="page-message__title">This page could not be loaded</h1>
      <p className="page-message__text">Something went wrong while loading this part of the shop. Please check your connection and try again.</p>
      <div className="page-message__actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          Retry
        </button>
        <a className="button button--ghost" href="/">
          Back to Home
        </a>
      </div>
    </section>
  );
}
