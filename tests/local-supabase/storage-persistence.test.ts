import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningLocalSupabase, startLocalSupabase } from '../../local-supabase/src/server.ts';
import { EXAMPLE_POLICIES, projectWith, serviceClient } from './storage-helpers.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'storage-persist-'));
const dataDir = path.join(root, 'data');
const supabaseDir = path.join(root, 'supabase');
const configPath = path.join(supabaseDir, 'config.toml');
const projectDir = projectWith(EXAMPLE_POLICIES);
mkdirSync(path.join(supabaseDir, 'seed-images', 'icons'), { recursive: true });
writeFileSync(path.join(supabaseDir, 'seed-images', 'icons', 'dot.png'), Buffer.from('not really a png'));

const config = (isPublic: boolean) => `
[storage]
enabled = true
file_size_limit = "1MiB"

[storage.buckets.images]
public = ${isPublic}
file_size_limit = "50KiB"
allowed_mime_types = ["image/png", "image/webp"]
objects_path = "./seed-images"
`;

const logged: string[] = [];
let running: RunningLocalSupabase | undefined;

async function start(): Promise<RunningLocalSupabase> {
  running = await startLocalSupabase({
    dataDir,
    configPath,
    projectDir,
    port: 0,
    mailPort: 0,
    log: (l) => logged.push(l),
  });
  return running;
}

afterAll(async () => {
  await running?.stop();
  expect(logged).toEqual([]);
});

describe('[storage] of config.toml and the data folder', () => {
  it('creates the config buckets with their settings and uploads objects_path, as the CLI seeds them', async () => {
    writeFileSync(configPath, config(true));
    const server = await start();
    const storage = serviceClient(server).storage;
    expect((await storage.getBucket('images')).data).toMatchObject({
      public: true,
      file_size_limit: 50 * 1024,
      allowed_mime_types: ['image/png', 'image/webp'],
    });
    const url = storage.from('images').getPublicUrl('icons/dot.png').data.publicUrl;
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await res.text()).toBe('not really a png');
  });

  it('applies the global file_size_limit to buckets without their own', async () => {
    const storage = serviceClient(running!).storage.from('private');
    const big = await storage.upload('big.bin', new Uint8Array(1024 * 1024 + 1));
    expect(big.error).toMatchObject({ statusCode: '413' });
    expect((await storage.upload('fits.bin', new Uint8Array(1024 * 1024))).error).toBeNull();
  });

  it('keeps objects across restarts; a restart sweeps files a killed server left without a row; config changes apply', async () => {
    const storage = serviceClient(running!).storage.from('private');
    await storage.upload('kept.txt', 'still here');
    const version = (await storage.info('kept.txt')).data!.version!;
    await running!.stop();
    // What a server killed mid-upload leaves: a half-written temp file, and a whole file whose row never committed.
    const stray = '0123abcd-0000-4000-8000-000000000000';
    mkdirSync(path.join(dataDir, 'storage', '01'), { recursive: true });
    writeFileSync(path.join(dataDir, 'storage', '01', stray), 'orphan');
    writeFileSync(path.join(dataDir, 'storage', '.tmp', 'half-written'), 'half');
    writeFileSync(configPath, config(false));
    const server = await start();
    const again = serviceClient(server).storage;
    expect(await (await again.from('private').download('kept.txt')).data!.text()).toBe('still here');
    expect(existsSync(path.join(dataDir, 'storage', version.slice(0, 2), version))).toBe(true);
    expect(existsSync(path.join(dataDir, 'storage', '01', stray))).toBe(false);
    expect(readdirSync(path.join(dataDir, 'storage', '.tmp'))).toEqual([]);
    expect((await again.getBucket('images')).data).toMatchObject({ public: false });
  });

  it('deletes a replaced or removed object’s bytes once its row is gone', async () => {
    const storage = serviceClient(running!).storage.from('private');
    await storage.upload('replace.txt', 'one');
    const first = (await storage.info('replace.txt')).data!.version!;
    await storage.upload('replace.txt', 'two', { upsert: true });
    const second = (await storage.info('replace.txt')).data!.version!;
    const file = (v: string) => path.join(dataDir, 'storage', v.slice(0, 2), v);
    expect(existsSync(file(first))).toBe(false);
    expect(existsSync(file(second))).toBe(true);
    await storage.remove(['replace.txt']);
    expect(existsSync(file(second))).toBe(false);
  });
});
