import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { configEnv, loadConfig } from '../../local-supabase/src/config/config.ts';
import { authServerForFile, latestMailTo, PASSWORD, serverClient, uniqueEmail } from './helpers.ts';

// The From header is the CLI's: `[auth.email.smtp]` admin_email and sender_name when custom SMTP is on, otherwise
// `[local_smtp]`'s, which default to Admin <admin@email.com>. The mail stays in the local mailbox either way.

const noEnv = {} as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv;

function configWith(toml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mail-sender-'));
  writeFileSync(path.join(dir, 'config.toml'), `[auth]\nsite_url = "http://localhost:3000"\n${toml}`);
  return path.join(dir, 'config.toml');
}

const SMTP = `[auth.email.smtp]
host = "smtp.example.com"
port = "587"
user = "apikey"
pass = "secret"
admin_email = "no-reply@example.com"
sender_name = "Example"
`;

describe('the sender from config.toml', () => {
  it("is the project's: Polyglot, from the local address locally and the hosted one on push", () => {
    expect(loadConfig('supabase/config.toml', noEnv).sender).toEqual({
      name: 'Polyglot',
      address: 'no-reply@polyglot.test',
    });
    const hosted = configEnv('supabase', {
      SUPABASE_ENV: 'production',
      ...parseEnv(readFileSync('supabase/.env.production.example', 'utf8')),
      SUPABASE_AUTH_EMAIL_SMTP_PASS: 'from the environment',
    } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv);
    expect(loadConfig('supabase/config.toml', hosted).sender).toEqual({
      name: 'Polyglot',
      address: 'no-reply@polyglot.example.com',
    });
  });

  it('is [auth.email.smtp] when the section is there and not switched off, [local_smtp] otherwise', () => {
    expect(loadConfig(configWith(SMTP), noEnv).sender).toEqual({
      name: 'Example',
      address: 'no-reply@example.com',
    });
    expect(loadConfig(configWith(`${SMTP}enabled = false\n`), noEnv).sender).toEqual({
      name: 'Admin',
      address: 'admin@email.com',
    });
    expect(
      loadConfig(configWith('[local_smtp]\nadmin_email = "dev@example.com"\nsender_name = "Dev"\n'), noEnv)
        .sender,
    ).toEqual({ name: 'Dev', address: 'dev@example.com' });
  });

  it.each(['host', 'port', 'user', 'pass', 'admin_email'])(
    'refuses custom SMTP without %s, as the CLI does',
    (key) => {
      const toml = SMTP.split('\n')
        .filter((line) => !line.startsWith(`${key} =`))
        .join('\n');
      expect(() => loadConfig(configWith(toml), noEnv)).toThrow(
        `Missing required field in config: auth.email.smtp.${key}`,
      );
    },
  );

  it('refuses a port that is not one', () => {
    expect(() => loadConfig(configWith(SMTP.replace('"587"', '"smtp"')), noEnv)).toThrow(
      'auth.email.smtp.port is not a port number',
    );
  });
});

describe("mail from the project's config", () => {
  const srv = authServerForFile({ projectTemplates: true });

  it('comes from Polyglot <no-reply@polyglot.test> in the mailbox API and page', async () => {
    const server = srv.get();
    const email = uniqueEmail('sender');
    const { error } = await serverClient(server).client.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    const mail = await latestMailTo(server, email);
    expect(mail.From).toEqual({ Name: 'Polyglot', Address: 'no-reply@polyglot.test' });
    const page = await (await fetch(`${server.mailboxUrl}/view/latest`)).text();
    expect(page).toContain('Polyglot &#60;no-reply@polyglot.test&#62;');
  });
});
