import type { RunningProcess } from './child-process.ts';

/** Polls `url` until it answers with `expectStatus`; fails early if the process exits. Resolves with the time taken. */
export async function waitForUrl(
  url: string,
  owner: RunningProcess,
  options: { timeoutMs?: number; intervalMs?: number; expectStatus?: number } = {},
): Promise<number> {
  const { timeoutMs = 60_000, intervalMs = 25, expectStatus = 200 } = options;
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (owner.child.exitCode !== null)
      throw new Error(
        `${owner.name} exited with ${owner.child.exitCode} before ${url} answered:\n${owner.tail()}`,
      );
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === expectStatus) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer ${expectStatus} within ${timeoutMs} ms:\n${owner.tail()}`);
}
