import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { appUrl } from '../e2e/support/test-env';
import type { BrowserCookie, Engine, EnginePage } from './page';

// WebKitGTK (Debian's webkit2gtk-driver) through its WebKitWebDriver, which speaks classic WebDriver only (no
// BiDi, no virtual authenticator) and drives MiniBrowser, which needs a display: a private Xvfb. The few WebDriver
// commands the flows use are plain HTTP, so they are sent here directly.
export const webkitDriverPath = process.env.E2E_WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
const elementKey = 'element-6066-11e4-a52e-4f735466cecf';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Starts Xvfb on the first free display it finds (it reports the number on `-displayfd`). */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.stdout!.once('data', (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  return { display, process: xvfb };
}

class WebDriverError extends Error {}

class Session {
  private readonly base: string;
  readonly id: string;
  constructor(base: string, id: string) {
    this.base = base;
    this.id = id;
  }

  async send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}/session/${this.id}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new WebDriverError(`${method} ${path}: ${value.error} ${value.message ?? ''}`);
    return value;
  }
}

class WebKitPage implements EnginePage {
  readonly engine = 'webkit';
  private readonly session: Session;
  constructor(session: Session) {
    this.session = session;
  }

  async goto(pathOrUrl: string) {
    await this.session.send('POST', '/url', { url: new URL(pathOrUrl, appUrl).href });
  }
  async url() {
    return new URL(await this.session.send<string>('GET', '/url'));
  }
  /** The element, once it is there and displayed: WebDriver's own find does not wait. */
  private async element(selector: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = await this.session.send<Record<string, string>[]>('POST', '/elements', {
        using: 'css selector',
        value: selector,
      });
      const id = found[0]?.[elementKey];
      if (id && (await this.session.send<boolean>('GET', `/element/${id}/displayed`))) return id;
      if (Date.now() > deadline) throw new Error(`No visible element for ${selector}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  async fill(selector: string, value: string) {
    const id = await this.element(selector);
    await this.session.send('POST', `/element/${id}/clear`);
    await this.session.send('POST', `/element/${id}/value`, { text: value });
  }
  async select(selector: string, value: string) {
    await this.element(selector);
    // WebDriver picks an option by clicking it.
    await this.session.send(
      'POST',
      `/element/${await this.element(`${selector} option[value="${value}"]`)}/click`,
    );
  }
  async click(selector: string) {
    const id = await this.element(selector);
    // WebDriver scrolls a target only to the viewport's bottom edge, where the fixed consent banner covers it
    // ("element click intercepted"); a person would scroll it into the middle.
    await this.session.send('POST', '/execute/sync', {
      script: "arguments[0].scrollIntoView({ block: 'center' });",
      args: [{ [elementKey]: id }],
    });
    await this.session.send('POST', `/element/${id}/click`);
  }
  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    return this.session.send<Awaited<T>>('POST', '/execute/sync', {
      script: `return (${fn.toString()}).apply(null, arguments);`,
      args,
    });
  }
  async cookies(): Promise<BrowserCookie[]> {
    const cookies = await this.session.send<{ name: string; value: string; expiry?: number }[]>(
      'GET',
      '/cookie',
    );
    return cookies.map(({ name, value, expiry }) => ({
      name,
      value,
      ...(expiry ? { expires: expiry } : {}),
    }));
  }
  async setViewport(width: number, height: number) {
    // The window rect includes MiniBrowser's chrome: set the outer size so that the viewport comes out as asked.
    const inner = await this.evaluate(() => [
      window.outerWidth - innerWidth,
      window.outerHeight - innerHeight,
    ]);
    await this.session.send('POST', '/window/rect', { width: width + inner[0]!, height: height + inner[1]! });
  }
  async close() {
    await this.session.send('DELETE', '');
  }
}

export async function launchWebKit(): Promise<Engine> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawn(webkitDriverPath, [`--port=${port}`], {
    // English for pages opened without a locale prefix (MiniBrowser takes its languages from the environment).
    env: { ...process.env, DISPLAY: xvfb.display, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US:en' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${base}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 100) throw new Error('WebKitWebDriver did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name: 'webkit',
    async newPage() {
      // One session at a time: each is a new MiniBrowser with an ephemeral profile.
      const response = await fetch(`${base}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ capabilities: { alwaysMatch: { browserName: 'MiniBrowser' } } }),
      });
      const { value } = (await response.json()) as { value: { sessionId?: string; message?: string } };
      if (!value.sessionId) throw new Error(`WebKitWebDriver: ${value.message}`);
      const page = new WebKitPage(new Session(base, value.sessionId));
      await page.setViewport(1280, 800);
      return page;
    },
    async close() {
      driver.kill();
      xvfb.process.kill();
    },
  };
}
