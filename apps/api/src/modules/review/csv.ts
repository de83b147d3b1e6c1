/**
 * RFC 4180 CSV, both ways: quoted fields with doubled quotes, commas and line breaks inside
 * quotes, CRLF or LF rows. Small on purpose: the assignment upload and the export are the only users.
 */

export const UTF8_BOM = '\uFEFF';

/** Rows of fields; a UTF-8 BOM is dropped and blank lines are skipped. Line numbers are 1-based. */
export function parseCsv(text: string): Array<{ line: number; fields: string[] }> {
  const src = text.startsWith(UTF8_BOM) ? text.slice(1) : text;
  const rows: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== '') rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\r' && src[i + 1] === '\n') {
      // the \n ends the row
    } else if (c === '\n' || c === '\r') {
      endRow();
      line++;
      rowLine = line;
    } else field += c;
  }
  if (field !== '' || fields.length > 0) endRow();
  return rows;
}

/**
 * One CSV line. Fields a spreadsheet would run as a formula (=, +, -, @ first) get a leading
 * apostrophe, so an exported value can never execute in the reader's spreadsheet.
 */
export function csvLine(values: ReadonlyArray<string | number | null>): string {
  return values
    .map((v) => {
      if (v === null) return '';
      let s = String(v);
      if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
      return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(',');
}
