import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../local-supabase/src/config/config.ts';
import { GoTemplate } from '../../local-supabase/src/mail/go-template.ts';
import {
  adminClient,
  api,
  authServerForFile,
  latestMailTo,
  linkAndCode,
  open,
  SECRET_KEY,
  uniqueEmail,
} from './helpers.ts';

// authServerForFile fails the file if anything was answered 500.
const srv = authServerForFile({ configOverrides: { email: { maxFrequencySeconds: 0 } } });

const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('inputs named like Object.prototype members are unknown values, not lookups', () => {
  it.each(INHERITED)('/verify type=%s → GoTrue’s invalid-type answers', async (type) => {
    const server = srv.get();
    const link = await open(
      `${server.authUrl}/verify?token=x&type=${type}&redirect_to=${encodeURIComponent('http://localhost:3000/cb')}`,
    );
    expect(link.status).toBe(303);
    expect(link.location).toBe(
      'http://localhost:3000/cb#error=invalid_request&error_code=validation_failed&error_description=Invalid+email+verification+type&sb=',
    );
    const hash = await api(server, '/verify', { body: { type, token_hash: 'abc' } });
    expect(hash).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'Invalid email verification type' },
    });
    const code = await api(server, '/verify', {
      body: { type, token: '123456', email: 'someone@example.com' },
    });
    expect(code).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
  });

  it.each(INHERITED)('/authorize provider=%s → 400 provider is not enabled', async (provider) => {
    const res = await api(srv.get(), `/authorize?provider=${provider}`);
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'Unsupported provider: provider is not enabled' },
    });
  });

  it('templates see own keys only; a config naming an inherited member is refused', () => {
    expect(
      new GoTemplate('[{{ .Data.constructor }}][{{ .Data.toString }}]').render({ Data: {} }, false),
    ).toBe('[][]');
    expect(() => new GoTemplate('{{ constructor .Email }}')).toThrow(/function "constructor" not defined/);
    const dir = mkdtempSync(path.join(tmpdir(), 'auth-config-'));
    const file = path.join(dir, 'config.toml');
    writeFileSync(file, '[auth]\npassword_requirements = "constructor"\n');
    expect(() => loadConfig(file, {} as NodeJS.ProcessEnv)).toThrow(
      /unknown password_requirements "constructor"/,
    );
  });
});

describe('a redirect_to a Location header cannot carry is settled before the token is used', () => {
  it.each([
    [
      'characters above U+00FF',
      'http://localhost:3000/ja/確認?n=€',
      'http://localhost:3000/ja/%E7%A2%BA%E8%AA%8D?n=%E2%82%AC',
    ],
    ['CR/LF', 'http://localhost:3000/x\r\nSet-Cookie: a=b', 'http://localhost:3000'],
  ])('%s → 303 to an ASCII Location with the session', async (_, redirectTo, landing) => {
    const server = srv.get();
    const email = uniqueEmail('location');
    await adminClient(server).auth.admin.createUser({ email, email_confirm: true });
    expect((await api(server, '/otp', { body: { email } })).status).toBe(200);
    const link = new URL(linkAndCode(await latestMailTo(server, email)).link);
    link.searchParams.set('redirect_to', redirectTo);
    const { status, location } = await open(link.toString());
    expect(status).toBe(303);
    expect(location).toMatch(/^[\x21-\x7e]+$/);
    expect(
      location.startsWith(`${landing}#access_token=`) || location.startsWith(`${landing}/#access_token=`),
    ).toBe(true);
  });
});

describe('admin ban_duration is parsed as Go’s time.ParseDuration', () => {
  const update = async (ban: string) => {
    const server = srv.get();
    const { data } = await adminClient(server).auth.admin.createUser({
      email: uniqueEmail('ban'),
      email_confirm: true,
    });
    return api(server, `/admin/users/${data.user!.id}`, {
      method: 'PUT',
      body: { ban_duration: ban },
      token: SECRET_KEY,
    });
  };

  it.each([
    ['99999999999999h', 'time: invalid duration "99999999999999h"'],
    ['9223372036854775808ns', 'time: invalid duration "9223372036854775808ns"'],
    ['2562048h', 'time: invalid duration "2562048h"'],
    ['1d', 'time: unknown unit "d" in duration "1d"'],
    ['10', 'time: missing unit in duration "10"'],
    ['abc', 'time: invalid duration "abc"'],
    ['.h', 'time: invalid duration ".h"'],
    ['1 h', 'time: unknown unit " h" in duration "1 h"'],
    ['1ä', 'time: unknown unit "\\xc3\\xa4" in duration "1\\xc3\\xa4"'],
  ])('%j → 400 validation_failed', async (ban, goError) => {
    const res = await update(ban);
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: `invalid format for ban duration: ${goError}` },
    });
  });

  it.each([
    ['2562047h', true],
    ['1h30m', true],
    ['1.5h', true],
    ['90000000µs', true],
    ['-1h', false],
    ['0s', false],
    ['+0', false],
  ])('%j → 200 (banned: %s)', async (ban, banned) => {
    const res = await update(ban);
    expect(res.status).toBe(200);
    const until = res.body.banned_until as string | undefined;
    expect(Boolean(until && new Date(until).getTime() > Date.now())).toBe(banned);
  });
});
