import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type RunningProcess, startProcess } from '../servers/child-process.ts';
import { waitForUrl } from '../servers/wait-for-url.ts';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Headless, offline-friendly flags: root needs --no-sandbox; nothing may phone home during a run. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface Chromium {
  port: number;
  stop(): Promise<void>;
}

/** The system Chromium with a remote-debugging port for Lighthouse to drive (nothing downloads). */
export async function launchChromium(port: number): Promise<Chromium> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'polyglot-bench-chromium-'));
  const browser: RunningProcess = startProcess(
    'chromium',
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {
      cwd: os.tmpdir(),
      env: process.env,
    },
  );
  await waitForUrl(`http://127.0.0.1:${port}/json/version`, browser, { timeoutMs: 30_000 });
  return {
    port,
    async stop() {
      await browser.stop();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
