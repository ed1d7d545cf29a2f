import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRecipe, recipeFile } from '@/scripts/private-page-recipe';

// The recipe itself is followed in CI (`npm run example:remove -- --check`, .ci/run: its page added to a scratch
// copy, then the type check and the unit tests there); these check that its parts are where the steps say.
describe('"Adding a private page"', () => {
  const recipe = readRecipe(readFileSync(recipeFile, 'utf8'));

  it("reads step 1's entry: a private page no one may store or index", () => {
    expect(recipe.path).toBe('/settings');
    expect(recipe.entry.replace(/\s+/g, ' ')).toBe(
      "{ path: '/settings', access: 'signed-in', caching: 'private', worker: 'network', search: 'disallowed' }",
    );
  });

  it("reads step 2's page, its guard first, and the words it shows", () => {
    expect(recipe.pageFile).toBe('app/[locale]/settings/page.tsx');
    expect(recipe.page).toMatch(/^import type \{ Metadata \} from 'next';\n/);
    expect(recipe.page).toContain("  await privatePage('/settings');\n");
    expect(recipe.page).toContain("pageMetadata('/settings'");
    expect({ namespace: recipe.namespace, keys: recipe.keys }).toEqual({
      namespace: 'Settings',
      keys: ['title'],
    });
  });

  it('refuses docs that lost a part', () => {
    expect(() => readRecipe('# Nothing here')).toThrow(/Adding a private page/);
    const docs = readFileSync(recipeFile, 'utf8');
    expect(() => readRecipe(docs.replace(/```tsx[\s\S]*?```/, ''))).toThrow(/lost/);
  });
});
