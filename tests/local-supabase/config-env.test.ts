import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { configEnv, loadConfig } from '../../local-supabase/src/config/config.ts';

const TOML = readFileSync('supabase/config.toml', 'utf8');
const LOOPBACK = /localhost|127\.\d+\.\d+\.\d+|\[?::1\]?|0\.0\.0\.0/i;
const envFile = (file: string) => parseEnv(readFileSync(file, 'utf8'));

/** Every string in the file after env() substitution the way the CLI does it, with its dotted key. */
function strings(value: unknown, env: NodeJS.ProcessEnv, key = ''): [string, string][] {
  if (typeof value === 'string') {
    const m = /^env\((.*)\)$/.exec(value);
    return [[key, m && env[m[1]!] ? env[m[1]!]! : value]];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, env, `${key}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, env, key ? `${key}.${k}` : k));
  return [];
}

/** The variables config.toml reads, except the OAuth secrets, which come from the environment everywhere. */
const variables = [...TOML.matchAll(/"env\(([A-Z0-9_]+)\)"/g)]
  .map((m) => m[1]!)
  .filter((name) => !name.startsWith('SUPABASE_AUTH_EXTERNAL_'));

describe('config.toml: local values locally, hosted values on `supabase config push`', () => {
  it('gives the local server the local values from supabase/.env.development', () => {
    const config = loadConfig('supabase/config.toml', {} as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv);
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.additionalRedirectUrls).toEqual([
      'http://localhost:3000/**',
      'http://localhost:3001/**',
      'http://localhost:3002/**',
      'http://localhost:3100/**',
    ]);
    expect(config.webauthn.rpId).toBe('localhost');
    expect(config.webauthn.rpOrigins).toContain('http://localhost:3100');
  });

  it('pushes no value that names a loopback host with SUPABASE_ENV=production', () => {
    // What `SUPABASE_ENV=production supabase config push` reads once the example is filled in.
    const env = configEnv('supabase', {
      SUPABASE_ENV: 'production',
      ...envFile('supabase/.env.production.example'),
    } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv);
    const loopback = strings(parseToml(TOML), env).filter(([, value]) => LOOPBACK.test(value));
    expect(loopback).toEqual([]);
    expect(variables.length).toBeGreaterThanOrEqual(4);
  });

  it('declares every variable in both the local file and the production example', () => {
    const local = envFile('supabase/.env.development');
    const hosted = envFile('supabase/.env.production.example');
    expect(variables.filter((name) => !local[name])).toEqual([]);
    expect(variables.filter((name) => !hosted[name])).toEqual([]);
  });

  it('lets the process environment win over the files, and splits a list given as one string', () => {
    const env = configEnv('supabase', {
      SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS: 'https://a.example/**,https://b.example/**',
    } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv);
    expect(env.SUPABASE_AUTH_SITE_URL).toBe('http://localhost:3000');
    expect(loadConfig('supabase/config.toml', env).additionalRedirectUrls).toEqual([
      'https://a.example/**',
      'https://b.example/**',
    ]);
  });
});
