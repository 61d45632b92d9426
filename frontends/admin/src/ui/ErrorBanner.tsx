import { Banner } from './Banner';
import { serverMessage } from './serverMessage';

interface Props {
  /** The spec's text, e.g. 'Failed to load services'. */
  title: string;
  /** What the call threw: its server message (kit's ApiError) is shown under the title. */
  error?: unknown;
  onRetry?(): void;
}

/** A failed call: the spec's text, then the server's message (message or error field) when it has one. */
export function ErrorBanner({ title, error, onRetry }: Props) {
  return <Banner tone="failure" text={title} detail={serverMessage(error)} action={onRetry ? { label: 'Retry', onClick: onRetry } : undefined} />;
}
