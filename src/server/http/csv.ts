// CSV as spreadsheets read it (RFC 4180: quoted fields, CRLF rows).

// A cell starting with one of these is a formula to Excel and LibreOffice (CSV injection); tab and
// carriage return can hide such a start.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised by a leading apostrophe when it would start a formula, then quoted. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The whole file; a byte-order mark so Excel reads UTF-8 names correctly. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
