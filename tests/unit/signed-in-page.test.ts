import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signedInPageMeta } from '@/lib/layout/signed-in-page';
import { routeTable } from '@/lib/routes/route-table';
import { pageMetadata } from '@/lib/seo/page-metadata';

describe('the signed-in page marker', () => {
  it("is the name the header's signed-in variant looks for", () => {
    const css = readFileSync('app/globals.css', 'utf8');
    const variant = css.split('\n').find((line) => line.startsWith('@custom-variant signed-in '));
    expect(variant).toContain(`:has(meta[name="${signedInPageMeta}"])`);
  });

  it('is on exactly the pages only a signed-in visitor reaches, beside their own metadata', () => {
    for (const { path, access } of routeTable) {
      const page = path.replace('[id]', 'x') as Parameters<typeof pageMetadata>[0];
      const other = pageMetadata(page, { title: 'T', other: { keep: 'me' } }).other ?? {};
      const expected = access === 'signed-in' || access === 'second-factor';
      expect(signedInPageMeta in other, path).toBe(expected);
      expect(other.keep, path).toBe('me');
    }
  });
});
