import { expect, type Page } from '@playwright/test';
import { mailboxUrl } from './test-env';

// Reads the local auth server's Mailpit-shaped mailbox (GET /api/v1/search, GET /api/v1/message/{ID}).
interface MessageSummary {
  ID: string;
  Subject: string;
  Created: string;
}

export interface Mail {
  subject: string;
  html: string;
  text: string;
  /** The email's action link: to /[locale]/auth/confirm (token hash) or through the auth server's /verify. */
  confirmLink: string;
  /** True when the link carries a token hash the app verifies itself (so it works in any browser). */
  tokenHashLink: boolean;
  /** The 6-digit code, if the email has one. */
  code?: string;
}

async function messagesTo(address: string): Promise<MessageSummary[]> {
  const response = await fetch(`${mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  if (!response.ok) return [];
  const body = (await response.json()) as { messages?: MessageSummary[] };
  return body.messages ?? [];
}

/** Waits for the `count`-th email to an address (1 = the first ever sent there) and returns it. */
export async function mailTo(address: string, count = 1): Promise<Mail> {
  let summaries: MessageSummary[] = [];
  await expect
    .poll(async () => (summaries = await messagesTo(address)).length, {
      timeout: 15_000,
      message: `mail #${count} to ${address}`,
    })
    .toBeGreaterThanOrEqual(count);
  const ordered = [...summaries].sort((a, b) => a.Created.localeCompare(b.Created));
  const summary = ordered[count - 1]!;
  const message = (await (await fetch(`${mailboxUrl}/api/v1/message/${summary.ID}`)).json()) as {
    HTML: string;
    Text: string;
    Subject: string;
  };
  const href = /<a\s[^>]*href="([^"]+)"/.exec(message.HTML)?.[1];
  if (!href) throw new Error(`No link in mail "${message.Subject}" to ${address}`);
  const link = href.replaceAll('&amp;', '&');
  return {
    subject: message.Subject,
    html: message.HTML,
    text: message.Text,
    confirmLink: link,
    tokenHashLink: new URL(link).searchParams.has('token_hash'),
    code: /\b(\d{6})\b/.exec(message.Text)?.[1],
  };
}

/**
 * Opens an emailed link as a person does: a token-hash link shows the "Continue" page first (a GET uses nothing
 * up), and its button verifies the token.
 */
export async function followEmailLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  if (!new URL(page.url()).pathname.endsWith('/auth/continue')) return;
  await page.locator('main form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/auth/continue'));
}
