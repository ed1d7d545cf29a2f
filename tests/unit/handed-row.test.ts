import { describe, expect, it } from 'vitest';
import { decodeHandedRow, encodeHandedRow, handedRowMaxLength } from '@/lib/routes/handed-row';

// The row the middleware hands a per-row page (lib/routes/handed-row.ts): what it encodes the page reads back, for
// that page only, and a row too long for a header is not handed.

describe('handed row', () => {
  const row = { id: 'a1', title: 'ملاحظة 📝', body: 'Zeile\nzwei, "quoted" & <tagged>' };

  it('reads back what was handed for the same path, whatever the script', () => {
    const value = encodeHandedRow('/notes/a1', row);
    expect(value).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeHandedRow(value, '/notes/a1')).toEqual(row);
  });

  it('gives nothing for another path, no value, or a value that is not one', () => {
    const value = encodeHandedRow('/notes/a1', row);
    expect(decodeHandedRow(value, '/notes/b2')).toBeNull();
    expect(decodeHandedRow(null, '/notes/a1')).toBeNull();
    expect(decodeHandedRow('', '/notes/a1')).toBeNull();
    expect(decodeHandedRow('not base64 ✗', '/notes/a1')).toBeNull();
    expect(decodeHandedRow(btoa('{"path":"/notes/a1"'), '/notes/a1')).toBeNull();
    expect(decodeHandedRow(btoa('{"path":"/notes/a1","row":"text"}'), '/notes/a1')).toBeNull();
  });

  it('hands a row up to the limit and not beyond', () => {
    const fits = encodeHandedRow('/notes/a1', { body: 'x'.repeat(6000) });
    expect(fits).not.toBeNull();
    expect(fits!.length).toBeLessThanOrEqual(handedRowMaxLength);
    expect(encodeHandedRow('/notes/a1', { body: 'x'.repeat(6200) })).toBeNull();
    // Counted in UTF-8 bytes: 3,100 Arabic letters are 6,200 bytes.
    expect(encodeHandedRow('/notes/a1', { body: 'ب'.repeat(3100) })).toBeNull();
  });
});
