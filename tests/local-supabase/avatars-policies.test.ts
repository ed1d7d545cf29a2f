import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { authServerForFile } from './helpers.ts';
import { serviceClient, users, type Users } from './storage-helpers.ts';

// The project's own supabase/config.toml and migrations: the avatars bucket and its policies as they ship.
const s = authServerForFile();
let u: Users;

beforeAll(async () => {
  u = await users(s.get());
});

const picture = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('the avatars bucket and its policies', () => {
  it('is created from config.toml: private, 5 MiB, JPEG / PNG / WebP', async () => {
    expect((await serviceClient(s.get()).storage.getBucket('avatars')).data).toMatchObject({
      public: false,
      file_size_limit: 5 * 1024 * 1024,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'],
    });
  });

  it('lets the owner upload, replace and delete under their own id, and any signed-in user read', async () => {
    const mine = u.alice.client.storage.from('avatars');
    const path = `${u.alice.id}/avatar.png`;
    expect((await mine.upload(path, await picture(), { contentType: 'image/png' })).error).toBeNull();
    expect(
      (await mine.upload(path, await picture(), { contentType: 'image/png', upsert: true })).error,
    ).toBeNull();
    const seen = await u.bob.client.storage
      .from('avatars')
      .download(path, { transform: { width: 32, height: 32 } });
    expect(seen.error).toBeNull();
    expect((await sharp(Buffer.from(await seen.data!.arrayBuffer())).metadata()).width).toBe(32);
    expect((await mine.remove([path])).data!.map((o) => o.name)).toEqual([path]);
  });

  it('refuses writes in another user’s folder, anonymous reads, other types and pictures over 5 MiB', async () => {
    const path = `${u.alice.id}/avatar.png`;
    await u.alice.client.storage.from('avatars').upload(path, await picture(), { contentType: 'image/png' });
    const bob = u.bob.client.storage.from('avatars');
    expect(
      (await bob.upload(path, await picture(), { contentType: 'image/png', upsert: true })).error,
    ).toMatchObject({
      statusCode: '403',
    });
    expect((await bob.remove([path])).data).toEqual([]);
    expect((await u.anon.storage.from('avatars').download(path)).error).toMatchObject({ statusCode: '404' });
    const svg = await u.alice.client.storage
      .from('avatars')
      .upload(`${u.alice.id}/a.svg`, '<svg/>', { contentType: 'image/svg+xml' });
    expect(svg.error).toMatchObject({ statusCode: '415' });
    const big = await u.alice.client.storage
      .from('avatars')
      .upload(`${u.alice.id}/big.png`, new Uint8Array(5 * 1024 * 1024 + 1), { contentType: 'image/png' });
    expect(big.error).toMatchObject({ statusCode: '413' });
  });
});
