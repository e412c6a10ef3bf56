// The impact list as CSV (RFC 4180), safe to open in a spreadsheet: a cell that a spreadsheet would read
// as a formula (starting with = + - @, or a tab or carriage return) gets a leading ', as OWASP advises.

const FORMULA = /^[=+\-@\t\r]/;

/** One cell: quoted when it holds a comma, quote or line break; a formula's start defused. */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && FORMULA.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows of cells as CSV text, a header first; lines end with CRLF as RFC 4180 has it. */
export const toCsv = (header: readonly string[], rows: readonly (readonly (string | number)[])[]): string =>
  [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
