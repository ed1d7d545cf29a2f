import {
  NOTIFICATION_KINDS,
  TEMPLATE_KINDS,
  type AuthConfig,
  type NotificationKind,
  type TemplateKind,
} from '../config/defaults.ts';
import type { Sql } from '../db/database.ts';
import { GoTemplate, type TemplateData } from './go-template.ts';
import { storeMessage } from './messages.ts';

/** A mail's template name as GoTrue has it: the six link/code mails and the `<kind>_notification` notices. */
export type MailKind = TemplateKind | `${NotificationKind}_notification`;

/** Renders config.toml templates (subject and body) and drops the result into the local mailbox. */
export class Mailer {
  private readonly templates: Record<MailKind, { subject: GoTemplate; body: GoTemplate }>;
  private readonly sender: AuthConfig['sender'];

  constructor(config: AuthConfig) {
    this.sender = config.sender;
    const compiled = {} as Record<MailKind, { subject: GoTemplate; body: GoTemplate }>;
    const compile = (kind: MailKind, t: { subject: string; content: string }) => {
      try {
        compiled[kind] = { subject: new GoTemplate(t.subject), body: new GoTemplate(t.content) };
      } catch (err) {
        throw new Error(`email template "${kind}": ${(err as Error).message}`, { cause: err });
      }
    };
    for (const kind of TEMPLATE_KINDS) compile(kind, config.templates[kind]);
    for (const kind of NOTIFICATION_KINDS) compile(`${kind}_notification`, config.notifications[kind]);
    this.templates = compiled;
  }

  async send(sql: Sql, kind: MailKind, to: string, data: TemplateData): Promise<void> {
    const t = this.templates[kind];
    const html = t.body.render(data);
    await storeMessage(sql, {
      from_name: this.sender.name,
      from_address: this.sender.address,
      to_address: to,
      subject: t.subject.render(data, false).trim(),
      html,
      text: htmlToText(html),
    });
  }
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#34': '"',
  '#39': "'",
  '#43': '+',
  nbsp: ' ',
};

/** A plain-text alternative that keeps every link target and code readable for people and e2e tests. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head)[\s\S]*?<\/\1>/gi, '')
    .replace(
      /<a\s[^>]*href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_, href: string, label: string) => `${label.replace(/<[^>]+>/g, '').trim()}: ${href}`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#?\w+);/g, (m, name: string) => (Object.hasOwn(ENTITIES, name) ? ENTITIES[name]! : m))
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line, i, lines) => line !== '' || (i > 0 && lines[i - 1] !== ''))
    .join('\n')
    .trim();
}
