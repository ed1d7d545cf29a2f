import type { BenchResults } from './results.ts';
import { type Row, warnings } from './rows.ts';

const MARKS = { pass: '✅', miss: '❌', 'n/a': '–', '': '' } as const;
const escape = (cell: string) => cell.replaceAll('|', '\\|');

export function markdownReport(results: BenchResults, rows: Row[]): string {
  const m = results.machine;
  const load = results.load?.settings;
  const generator = results.load?.generator.description;
  const lines = [
    `# Polyglot benchmark, ${results.startedAt}`,
    '',
    `${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB; ${m.platform}; Node ${m.node}; Next ${m.next}; next-intl ${m.nextIntl}; commit ${m.gitCommit.replace(/^([0-9a-f]{12})[0-9a-f]*/, '$1')}; load average at start ${m.loadAverage.join(' ')}.`,
    load
      ? `Load: ${generator}, ${load.rounds} interleaved rounds of ${load.durationSec} s per target after ${load.warmupSec} s of warm-up; uncompressed (\`Accept-Encoding: identity\`) and compressed (\`gzip, deflate, br\`).${results.quick ? ' **Quick run: indicative only.**' : ''}`
      : '',
    '',
    '| Section | Figure | Value | Ratio to floor | Target | |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${[r.section, r.figure, r.value, r.ratio, r.target, MARKS[r.mark]].map(escape).join(' | ')} |`,
    ),
  ];
  const warned = warnings(results);
  if (warned.length) lines.push('', '## Warnings', '', ...warned.map((w) => `- ${escape(w)}`));
  if (results.errors.length) {
    lines.push(
      '',
      '## Harness errors',
      '',
      ...results.errors.map((e) => `- **${e.section}**: ${escape(e.message.split('\n')[0] ?? '')}`),
    );
  }
  return `${lines.join('\n')}\n`;
}
