// `npm run build`, failing when the build prints a line of the server error log (lib/log/server-log.ts): a clean build
// logs no errors, so one means a page failed while it was prerendered
// (docs/decisions/0008-a-build-that-logs-an-error-fails.md). The end-to-end tests build with it (playwright.config.ts).
import { spawn } from 'node:child_process';

/** The server error-log lines in a build's output: JSON objects with `"level":"error"`, one per line. */
export function errorLogLines(output: string): string[] {
  return output.split(/\r?\n/u).filter((line) => {
    const text = line.trim();
    if (!text.startsWith('{')) return false;
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null && 'level' in parsed && parsed.level === 'error';
    } catch {
      // A line of Next's own output that happens to start with a brace.
      return false;
    }
  });
}

if (import.meta.main) {
  // The tests quiet the log for the server they run (POLYGLOT_LOG=off); the build must be heard.
  const env = { ...process.env };
  delete env.POLYGLOT_LOG;
  const build = spawn('npm', ['run', 'build'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  build.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    output += chunk.toString();
  });
  build.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => build.on('close', resolve));
  const errors = errorLogLines(output);
  if (errors.length > 0) {
    console.error(`\nThe build logged ${errors.length} error line(s); a clean build logs none.`);
    process.exit(1);
  }
  process.exit(code ?? 1);
}
