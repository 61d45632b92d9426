/**
 * CSV as spreadsheets read it safely (docs/reports.md, "Exports"): RFC 4180 (every cell in double
 * quotes, quotes doubled, records ended by CRLF), UTF-8 with a byte order mark so accents survive,
 * and formula injection neutralised as OWASP advises: a cell that starts with =, +, -, @, a tab or
 * a carriage return gets a leading apostrophe, so a spreadsheet shows it as text instead of running
 * it (a customer named `=HYPERLINK(…)` stays a name).
 */
export const CSV_BOM = '\uFEFF';

/** =, +, -, @, tab, carriage return: the first characters a spreadsheet may take for a formula. */
const FORMULA_START = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.has(text.charCodeAt(0))) text = `'${text}`;
  return `"${text.includes('"') ? text.replace(/"/g, '""') : text}"`;
}

export function csvRecord(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
