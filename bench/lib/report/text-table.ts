import type { Row } from './rows.ts';

const MARKS = { pass: '✔ pass', miss: '✘ miss', 'n/a': '– n/a', '': '' } as const;

/** The stdout table: one block per section, columns padded to their widest cell. */
export function textTable(rows: Row[]): string {
  const header = ['Figure', 'Value', 'Ratio to floor', 'Target', ''];
  const cells = rows.map((r) => [r.figure, r.value, r.ratio, r.target, MARKS[r.mark]]);
  const widths = header.map((h, i) => Math.min(90, Math.max(h.length, ...cells.map((c) => c[i]!.length))));
  const line = (c: string[]) =>
    c
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const out = [line(header), widths.map((w) => '─'.repeat(w)).join('  ')];
  let section = '';
  rows.forEach((row, i) => {
    if (row.section !== section) {
      section = row.section;
      out.push(`[${section}]`);
    }
    out.push(line(cells[i]!));
  });
  return out.join('\n');
}
