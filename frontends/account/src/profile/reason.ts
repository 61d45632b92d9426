import { ApiError, GENERIC_ERROR_MESSAGE, extractErrorText } from '@growth/kit';

/** docs/product.md#error-texts (profile): the server's message, then the error text, then 'Please try again.'. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const fromServer = extractErrorText(error.body);
    if (fromServer) return fromServer;
  }
  if (error instanceof Error && error.message && error.message !== GENERIC_ERROR_MESSAGE) return error.message;
  return 'Please try again.';
}
