import type { Page, Response } from '@playwright/test';

/** Records every CSP violation the page reports, from the first script on, and every console report of one. */
export async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A policy's directive, as its list of sources; undefined when the policy does not have it. */
export function directive(policy: string, name: string): string[] | undefined {
  return policy
    .split(';')
    .map((each) => each.trim().split(/\s+/))
    .find(([each]) => each === name)
    ?.slice(1);
}

/** Every policy the browser enforces on the page: the header's and those of `<meta http-equiv>` elements. */
export async function effectivePolicies(
  page: Page,
  response: Response | null,
): Promise<{ header: string | undefined; meta: string[] }> {
  const meta = await page
    .locator('meta[http-equiv="Content-Security-Policy" i]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('content') ?? ''));
  return { header: (await response?.allHeaders())?.['content-security-policy'], meta };
}
