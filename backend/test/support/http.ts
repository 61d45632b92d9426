/** An answer's headers that two answers of one body share: all but the date and the request id (each answer has its own). */
export function stableHeaders(headers: Record<string, string>): Record<string, string> {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}
