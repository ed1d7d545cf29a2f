import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { appUrl } from '../e2e/support/test-env';
import type { BrowserCookie, Engine, EnginePage } from './page';

// Debian's Firefox ESR over WebDriver BiDi (Puppeteer speaks it to Firefox itself: no geckodriver, nothing downloaded).
export const firefoxPath = process.env.E2E_FIREFOX ?? '/usr/bin/firefox-esr';

class FirefoxPage implements EnginePage {
  readonly engine = 'firefox';
  private readonly context: BrowserContext;
  private readonly page: Page;
  constructor(context: BrowserContext, page: Page) {
    this.context = context;
    this.page = page;
  }

  async goto(pathOrUrl: string) {
    await this.page.goto(new URL(pathOrUrl, appUrl).href, { waitUntil: 'load' });
  }
  async url() {
    return new URL(this.page.url());
  }
  async fill(selector: string, value: string) {
    const field = await this.page.waitForSelector(selector, { visible: true });
    await field!.click();
    await field!.evaluate((input) => {
      (input as HTMLInputElement).select();
    });
    await this.page.keyboard.press('Backspace');
    await field!.type(value);
  }
  async select(selector: string, value: string) {
    await this.page.waitForSelector(selector, { visible: true });
    await this.page.select(selector, value);
  }
  async click(selector: string) {
    const element = await this.page.waitForSelector(selector, { visible: true });
    await element!.click();
  }
  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    return (await this.page.evaluate(fn as never, ...(args as unknown as never[]))) as Awaited<T>;
  }
  async cookies(): Promise<BrowserCookie[]> {
    return (await this.context.cookies()).map(({ name, value, expires }) => ({
      name,
      value,
      ...(expires > 0 ? { expires } : {}),
    }));
  }
  async setViewport(width: number, height: number) {
    await this.page.setViewport({ width, height });
  }
  async close() {
    await this.context.close();
  }
}

export async function launchFirefox(): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    // The English interface for every page the flows open without a locale prefix.
    extraPrefsFirefox: { 'intl.accept_languages': 'en-US' },
  });
  return {
    name: 'firefox',
    async newPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      return new FirefoxPage(context, page);
    },
    close: () => browser.close(),
  };
}
