import { describe, expect, it } from 'vitest';
import {
  adminClient,
  authServerForFile,
  latestMailTo,
  PASSWORD,
  serverClient,
  uniqueEmail,
} from './helpers.ts';

// The mailbox's web page on a 390 px phone and with Arabic mail: the page never scrolls sideways (long
// addresses and links wrap, the mail scrolls inside its frame), and a mail reads in its own direction without
// turning the page around.

const project = authServerForFile({ projectTemplates: true });
const gotrueBodies = authServerForFile();

async function page(mailboxUrl: string, path: string): Promise<string> {
  const res = await fetch(`${mailboxUrl}${path}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The page's own CSS as [selector, declarations] pairs. */
const rules = (html: string) =>
  [.../<style>([\s\S]*?)<\/style>/.exec(html)![1]!.matchAll(/([^{}]+)\{([^}]*)\}/g)].map(
    (m) => [m[1]!.trim(), m[2]!] as const,
  );

describe('the mailbox page', () => {
  it('shows an Arabic mail right to left, inside the page rather than as a second document', async () => {
    const server = project.get();
    const email = uniqueEmail('mailbox-ar');
    const signUp = await serverClient(server).client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { locale: 'ar' } },
    });
    expect(signUp.error).toBeNull();
    const mail = await latestMailTo(server, email);
    const html = await page(server.mailboxUrl, `/view/${mail.ID}`);

    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // One document: the mail's <html dir="rtl"> and <body> would otherwise set this page's own attributes.
    expect(html.match(/<html\b[^>]*>/g)).toEqual(['<html lang="en">']);
    expect(html.match(/<body\b/g)).toHaveLength(1);
    expect(html).not.toMatch(/<article>\s*<!doctype/i);
    const article = /<article lang="ar" dir="rtl">([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';
    expect(article).toContain('أكِّد عنوان بريدك الإلكتروني');
    expect(html).toMatch(/<h1 dir="auto">أكِّد/);
    expect(html).toMatch(/<pre dir="auto">[^<]*\p{sc=Arabic}/u);
  });

  it('fits a phone: wraps long words, scrolls the mail within its frame, and leaves mail alignment alone', async () => {
    const server = project.get();
    const html = await page(server.mailboxUrl, '/view/latest');
    const css = rules(html);
    const declared = (selector: string, declaration: string) =>
      css.some(([s, d]) => s.split(',').some((part) => part.trim() === selector) && d.includes(declaration));
    expect(declared('dd', 'overflow-wrap:anywhere')).toBe(true);
    expect(declared('pre', 'overflow-wrap:anywhere')).toBe(true);
    expect(declared('pre', 'white-space:pre-wrap')).toBe(true);
    expect(declared('article', 'overflow-x:auto')).toBe(true);
    // Rules for the inbox's table stay on it: a page-wide td rule would override the mail's align="right".
    for (const [selector, declarations] of css)
      if (/\b(?:table|td|th)\b/.test(selector) || declarations.includes('text-align'))
        expect(selector, selector).toMatch(/^\.listing\b/);

    const inbox = await page(server.mailboxUrl, '/');
    expect(inbox).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(inbox).toContain('<table class="listing">');
    expect(inbox).toMatch(/<a href="\/view\/[0-9a-f-]+" dir="auto">أكِّد/);
    expect(declared('.listing td', 'overflow-wrap:anywhere')).toBe(true);
  });

  it('lets a mail without a direction of its own find it from its text (dir="auto")', async () => {
    const server = gotrueBodies.get();
    const email = uniqueEmail('mailbox-plain');
    const { error } = await adminClient(server).auth.admin.inviteUserByEmail(email);
    expect(error).toBeNull();
    const mail = await latestMailTo(server, email);
    expect(mail.HTML).not.toContain('<html');
    const html = await page(server.mailboxUrl, `/view/${mail.ID}`);
    expect(html).toMatch(/<article dir="auto">\s*<h2>/);
  });
});
