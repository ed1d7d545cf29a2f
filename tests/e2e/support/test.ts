import { type Browser, type BrowserContext, test as base } from '@playwright/test';

// Every spec imports `test` from here instead of from @playwright/test (tests/unit/e2e-imports.test.ts checks): the
// same test, with browsers whose pages count as online unless a spec sets them offline, whatever the machine's
// network. Chromium reports navigator.onLine = false on a machine with no network interface but loopback (a
// container, a network namespace, a laptop in flight mode), and the app then shows its offline bar. DevTools cannot
// say otherwise (its network conditions only ever force offline), so navigator.onLine answers from the spec's
// setting: online, until context.setOffline(true) or the `offline` option says otherwise.

export * from '@playwright/test';

declare global {
  interface Window {
    __e2eOnline?: boolean;
  }
}

const patched = new WeakSet<BrowserContext>();

/** navigator.onLine and the online/offline events follow the context's offline setting, not the machine. */
async function followOfflineSetting(context: BrowserContext, offline: boolean): Promise<BrowserContext> {
  if (patched.has(context)) return context;
  patched.add(context);
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get: () => window.__e2eOnline ?? true,
    });
  });
  // Scripts run in the order added: the last one sets the state a new document starts with.
  const startWith = (online: boolean) =>
    context.addInitScript((state) => {
      window.__e2eOnline = state;
    }, online);
  await startWith(!offline);
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (value) => {
    await setOffline(value);
    await startWith(!value);
    // Chromium fires these itself only when its own state changes, which it may not on such a machine.
    for (const page of context.pages())
      await page
        .evaluate((online) => {
          window.__e2eOnline = online;
          dispatchEvent(new Event(online ? 'online' : 'offline'));
        }, !value)
        // A page between two documents: the next one starts from the init script above.
        .catch(() => undefined);
  };
  return context;
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      // The `context` and `page` fixtures come from browser.newContext too.
      browser.newContext = async (options) =>
        followOfflineSetting(await newContext(options), options?.offline ?? false);
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
