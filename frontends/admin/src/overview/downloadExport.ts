import { ADMIN_SESSION_EXPIRED_URL, ApiError, GENERIC_ERROR_MESSAGE, clearAdminSession, extractErrorText, getAdminToken } from '@growth/kit';

export type ExportKind = 'orders' | 'customers';

/** What an export covers: the Overview's period and zone, and the list filters the export takes. */
export interface ExportFilter {
  from: string;
  to: string;
  tz: string;
  platform?: string;
  status?: string;
  /** Part of an order id, payment id, e-mail, name (or phone, for customers). */
  q?: string;
}

/** GET /api/admin/export/{kind}.csv?… (docs/reports.md, "Exports"); customers take no payment status. */
export function exportUrl(kind: ExportKind, filter: ExportFilter): string {
  const params = new URLSearchParams({ from: filter.from, to: filter.to, tz: filter.tz });
  if (filter.platform) params.set('platform', filter.platform);
  if (kind === 'orders' && filter.status) params.set('status', filter.status);
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  return `/api/admin/export/${kind}.csv?${params.toString()}`;
}

/** The file name of Content-Disposition (`attachment; filename="orders_2026-01-01_2026-01-31.csv"`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * Downloads an export with the admin token (a plain link cannot carry the Bearer header) and hands
 * it to the browser as a file. The server streams it; the browser keeps it in memory until saved,
 * which is fine for a period's orders (a million rows is about 300 MB: export such a range in parts).
 * A refusal is JSON before any CSV byte, so its message is shown as it is.
 */
export async function downloadExport(kind: ExportKind, filter: ExportFilter, signal?: AbortSignal): Promise<string> {
  const token = getAdminToken();
  let response: Response;
  try {
    response = await fetch(exportUrl(kind, filter), {
      headers: { Accept: 'text/csv, application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('Network error. Please check your connection and try again.');
  }
  if (!response.ok) {
    if (response.status === 401 && token) {
      clearAdminSession();
      window.location.assign(ADMIN_SESSION_EXPIRED_URL);
    }
    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch {
      body = null;
    }
    throw new ApiError(extractErrorText(body) ?? GENERIC_ERROR_MESSAGE, { status: response.status, body });
  }
  const name = fileNameOf(response.headers.get('Content-Disposition'), `${kind}_${filter.from}_${filter.to}.csv`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked a moment later: some browsers start reading the file only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
