import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { legacyNameNotes, loadConfig, loadDbMajorVersion } from '../../local-supabase/src/config/config.ts';
import { startLocalSupabase } from '../../local-supabase/src/server.ts';

// Supabase CLI 3 refuses `[inbucket]` and warns on `enable_signup` under [auth.email] / [auth.sms]. The local server
// reads the CLI 3 names, and keeps reading the CLI 2 ones from older projects with a start-up note for each.

const noEnv = {} as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv;

function configWith(toml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'config-cli3-'));
  writeFileSync(path.join(dir, 'config.toml'), `[auth]\nsite_url = "http://localhost:3000"\n${toml}`);
  return path.join(dir, 'config.toml');
}

const CLI3 = `[local_smtp]
admin_email = "dev@example.com"
sender_name = "Dev"
[auth.email]
enabled = false
[auth.sms]
enabled = false
`;
const CLI2 = CLI3.replace('[local_smtp]', '[inbucket]').replaceAll('enabled =', 'enable_signup =');

describe('config.toml in the Supabase CLI 3 shape', () => {
  it("is the project's own file: no CLI 2 name, and [db] major_version 17", () => {
    expect(legacyNameNotes('supabase/config.toml')).toEqual([]);
    expect(loadDbMajorVersion('supabase/config.toml')).toBe(17);
    expect(loadConfig('supabase/config.toml', noEnv).email.enableSignup).toBe(true);
  });

  it('reads [local_smtp] and the enabled switches, with no note', () => {
    const config = loadConfig(configWith(CLI3), noEnv);
    expect(config.sender).toEqual({ name: 'Dev', address: 'dev@example.com' });
    expect(config.email.enableSignup).toBe(false);
    expect(legacyNameNotes(configWith(CLI3))).toEqual([]);
  });

  it('reads the CLI 2 names the same way and notes each one', () => {
    const config = loadConfig(configWith(CLI2), noEnv);
    expect(config.sender).toEqual({ name: 'Dev', address: 'dev@example.com' });
    expect(config.email.enableSignup).toBe(false);
    expect(legacyNameNotes(configWith(CLI2))).toEqual([
      'config.toml: [inbucket] is the Supabase CLI 2 name, which CLI 3 refuses; rename it [local_smtp]',
      'config.toml: [auth.email] enable_signup is the Supabase CLI 2 name, which CLI 3 warns about; rename it [auth.email] enabled',
      'config.toml: [auth.sms] enable_signup is the Supabase CLI 2 name, which CLI 3 warns about; rename it [auth.sms] enabled',
    ]);
  });

  it('lets the CLI 3 name win when a file has both', () => {
    const both = configWith('[auth.email]\nenabled = false\nenable_signup = true\n');
    expect(loadConfig(both, noEnv).email.enableSignup).toBe(false);
  });

  it.each([
    ['CLI 3', '[auth.sms]\nenabled = true\n'],
    ['CLI 2', '[auth.sms]\nenable_signup = true\n'],
  ])('refuses SMS sign-in switched on under its %s name', (_, toml) => {
    expect(() => loadConfig(configWith(toml), noEnv)).toThrow(/\[auth\.sms\] enabled \(no SMS/);
  });

  it('refuses a [db] major_version that is not a whole number', () => {
    expect(() => loadDbMajorVersion(configWith('[db]\nmajor_version = "17"\n'))).toThrow(
      '[db] major_version must be a whole number',
    );
  });
});

describe('start-up notes', () => {
  async function notesFor(toml: string): Promise<string[]> {
    const server = await startLocalSupabase({
      memory: true,
      port: 0,
      mailPort: 0,
      configPath: configWith(toml),
      env: noEnv,
    });
    try {
      return server.notes;
    } finally {
      await server.stop();
    }
  }

  it("note PGlite's Postgres major when [db] major_version differs, and CLI 2 names", async () => {
    const notes = await notesFor('[db]\nmajor_version = 17\n[inbucket]\nenabled = true\n');
    expect(notes).toEqual([
      'config.toml: [inbucket] is the Supabase CLI 2 name, which CLI 3 refuses; rename it [local_smtp]',
      expect.stringMatching(
        /^the local database is Postgres 18 \(PGlite\), hosted projects here run Postgres 17 \(\[db\] major_version\)/,
      ),
    ]);
  });

  it('are empty when the majors agree and the names are the CLI 3 ones', async () => {
    expect(await notesFor('[db]\nmajor_version = 18\n[local_smtp]\nenabled = true\n')).toEqual([]);
  });
});
