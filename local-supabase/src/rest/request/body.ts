import { invalidBody } from '../errors.ts';
import { type ContentMedia, contentMime } from './media.ts';

/**
 * PostgREST's Payload.hs: a body read by its Content-Type. JSON stays as sent; a form becomes an object of strings
 * and CSV an array of them (`NULL` for null), as JSON text, so the plan reads one format; a function's raw text or
 * XML stays as it is and its bytes become a bytea literal. Any other type is refused (PGRST102).
 */
export function readPayload(content: ContentMedia, bytes: Buffer, rpc: boolean): string {
  switch (content) {
    case 'json':
      return bytes.toString('utf8');
    case 'form':
      return JSON.stringify(Object.fromEntries(new URLSearchParams(bytes.toString('utf8'))));
    case 'csv':
      return JSON.stringify(csvRows(bytes.toString('utf8')));
    case 'text':
    case 'xml':
      if (rpc) return bytes.toString('utf8');
      break;
    case 'octet':
      // bytea's hex input format: the bytes reach Postgres as a bind parameter without any text decoding.
      if (rpc) return `\\x${bytes.toString('hex')}`;
      break;
  }
  throw invalidBody(`Content-Type not acceptable: ${contentMime(content)}`);
}

/** RFC 4180 records (quoted fields with "" escapes; CRLF or LF), as cassava's decodeByName reads them. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' && field === '') {
      // A quoted field runs to the next lone quote; a doubled quote inside it is one quote.
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw invalidBody('parse error: unterminated quoted CSV field');
        if (text[j] === '"') {
          if (text[j + 1] !== '"') break;
          field += '"';
          j += 2;
        } else field += text[j++];
      }
      i = j + 1;
      continue;
    }
    if (ch === ',') {
      endField();
      i++;
    } else if (ch === '\n' || ch === '\r') {
      endField();
      // An empty line (a trailing one, say) is no record.
      if (record.length > 1 || record[0] !== '') records.push(record);
      record = [];
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== '' || record.length) {
    endField();
    records.push(record);
  }
  return records;
}

function csvRows(text: string): Record<string, string | null>[] {
  const [header, ...rows] = csvRecords(text);
  if (!header) return [];
  return rows.map((row) => {
    if (row.length !== header.length) throw invalidBody('All lines must have same number of fields');
    return Object.fromEntries(header.map((name, i) => [name, row[i] === 'NULL' ? null : row[i]!]));
  });
}
