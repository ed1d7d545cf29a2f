// The README's first command as a newcomer types it: a fresh clone, an older Node (20) first on PATH, then
// `npm install && npm run dev`. Checks that the install leaves `git status` clean, that the app answers 200 at
// http://localhost:3000/en with the mailbox up, and that Next's development indicator covers none of the consent
// banner's or footer's controls on a phone, in English and Arabic. `npm test` under the same Node is what
// .ci/run does next on its own clean clone.
//   node scripts/fresh-clone-check.ts [--keep]
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices, type Page } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const keep = process.argv.includes('--keep');
const work = mkdtempSync(path.join(os.tmpdir(), 'polyglot-fresh-'));
const clone = path.join(work, 'clone');
const failures: string[] = [];
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

function check(ok: boolean, what: string) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** A terminal's environment: no npm run variables, no project node_modules/.bin on PATH. */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (/^npm_/i.test(key)) delete env[key];
  env.PATH = (env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter);
  return env;
}

function nodeMajor(env: NodeJS.ProcessEnv): number {
  return Number(
    execFileSync('node', ['-p', 'process.versions.node.split(".")[0]'], { env, encoding: 'utf8' }).trim(),
  );
}

/** The machine's Node when it is older than 22; otherwise Node 20 from npm, the way the project gets its own. */
function olderNodeEnv(): NodeJS.ProcessEnv {
  const env = newcomerEnv();
  if (nodeMajor(env) < 22) return env;
  const tools = path.join(work, 'node20');
  mkdirSync(tools);
  writeFileSync(
    path.join(tools, 'package.json'),
    JSON.stringify({ private: true, allowScripts: { node: true } }),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', 'node@20.20.2'], {
    cwd: tools,
    env,
    stdio: 'ignore',
  });
  env.PATH = `${path.join(tools, 'node_modules', '.bin')}${path.delimiter}${env.PATH}`;
  return env;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM'); // the whole group: npm, the dev script, Next and the auth server
  const force = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
  return exited.finally(() => clearTimeout(force));
}

/** Starts `npm run dev` and resolves with the app URL from its ready summary. */
function startDev(env: NodeJS.ProcessEnv): {
  child: ChildProcess;
  ready: Promise<string>;
  output: () => string;
} {
  const child = spawn('npm', ['run', 'dev'], {
    cwd: clone,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ready summary within 180 s')), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Polyglot is ready: (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run dev exited with ${code}`)));
  });
  return { child, ready, output: () => output };
}

type Box = { x: number; y: number; width: number; height: number; label: string };

/** Next's indicator (in its shadow root) and the boxes of the controls it must not cover. */
async function overlaps(page: Page, controls: string): Promise<Box[]> {
  await page.waitForFunction(() =>
    document.querySelector('nextjs-portal')?.shadowRoot?.querySelector('[data-nextjs-dev-tools-button]'),
  );
  return page.evaluate((selector) => {
    const indicator = document
      .querySelector('nextjs-portal')!
      .shadowRoot!.querySelector('[data-nextjs-dev-tools-button]')!
      .getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .map((element) => ({ ...element.getBoundingClientRect().toJSON(), label: element.innerText.trim() }))
      .filter(
        (box) =>
          box.x < indicator.right &&
          indicator.left < box.x + box.width &&
          box.y < indicator.bottom &&
          indicator.top < box.y + box.height,
      );
  }, controls);
}

async function checkIndicator(appUrl: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-quic'],
  });
  try {
    for (const locale of ['en', 'ar']) {
      const page = await browser.newPage({ ...devices['Pixel 5'] });
      await page.goto(new URL(`/${locale}`, appUrl).href, { timeout: 120_000 });
      const banner = '[data-testid="consent-banner"] button';
      await page.locator(banner).first().waitFor();
      const onBanner = await overlaps(page, banner);
      check(
        onBanner.length === 0,
        `/${locale} on a phone: the dev indicator covers no consent button${onBanner.length ? ` (covers ${onBanner.map((b) => b.label).join(', ')})` : ''}`,
      );
      await page.locator(banner).nth(1).click(); // accept, so the footer is what remains at the bottom
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const onFooter = await overlaps(page, 'footer a, footer button');
      check(
        onFooter.length === 0,
        `/${locale} scrolled to the end: the dev indicator covers no footer control${onFooter.length ? ` (covers ${onFooter.map((b) => b.label).join(', ')})` : ''}`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

let dev: ReturnType<typeof startDev> | undefined;
try {
  execFileSync('git', ['clone', '-q', root, clone]);
  const env = olderNodeEnv();
  const version = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();
  check(nodeMajor(env) < 22, `node on PATH is ${version}, older than the project needs`);

  execFileSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: clone,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const status = execFileSync('git', ['status', '--porcelain'], { cwd: clone, encoding: 'utf8' }).trim();
  check(status === '', `npm install leaves git status clean (${seconds()})${status ? `:\n${status}` : ''}`);
  const projectNode = execFileSync('npm', ['exec', '--', 'node', '--version'], {
    cwd: clone,
    env,
    encoding: 'utf8',
  }).trim();
  check(
    Number(projectNode.slice(1).split('.')[0]) >= 22,
    `npm scripts run the project's own node (${projectNode})`,
  );

  dev = startDev(env);
  const appUrl = await dev.ready;
  check(appUrl === 'http://localhost:3000/en', `npm run dev prints the app URL (${appUrl}, ${seconds()})`);
  check(
    /Mailbox: http:\/\/127\.0\.0\.1:54324/.test(dev.output()) && /any email address/.test(dev.output()),
    'it prints the mailbox URL and how to sign in',
  );
  const page = await fetch(appUrl);
  const html = await page.text();
  check(
    page.status === 200 && html.includes('lang="en"'),
    `GET ${appUrl} answers ${page.status} (${seconds()})`,
  );
  const mailbox = await fetch('http://127.0.0.1:54324/');
  check(mailbox.ok, `the mailbox answers ${mailbox.status}`);
  await checkIndicator(appUrl);
} catch (error) {
  check(false, error instanceof Error ? error.message : String(error));
  if (dev) console.log(dev.output());
} finally {
  if (dev) await stop(dev.child);
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

console.log(
  failures.length
    ? `fresh-clone check: ${failures.length} failed (${seconds()})`
    : `fresh-clone check: all passed (${seconds()})`,
);
process.exitCode = failures.length ? 1 : 0;
