import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resultsDir } from '../paths.ts';
import { markdownReport } from './markdown.ts';
import type { BenchResults } from './results.ts';
import type { Row } from './rows.ts';

/** bench/results/<timestamp>.json and .md, plus latest.json and latest.md (the folder is git-ignored). */
export async function writeResults(
  results: BenchResults,
  rows: Row[],
): Promise<{ json: string; markdown: string }> {
  await mkdir(resultsDir, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, '-');
  const json = path.join(resultsDir, `${stamp}.json`);
  const markdown = path.join(resultsDir, `${stamp}.md`);
  const jsonText = `${JSON.stringify({ ...results, rows }, null, 2)}\n`;
  const markdownText = markdownReport(results, rows);
  await Promise.all([
    writeFile(json, jsonText),
    writeFile(markdown, markdownText),
    writeFile(path.join(resultsDir, 'latest.json'), jsonText),
    writeFile(path.join(resultsDir, 'latest.md'), markdownText),
  ]);
  return { json, markdown };
}
