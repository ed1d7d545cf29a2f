// docs/architecture.md's "Adding a private page", followed as written: the route-table entry of step 1 and the page
// of step 2, each taken from the recipe's own text, and the page's words in every language. `npm run
// example:remove -- --check` applies it to its scratch copy before the type check and the unit tests there (the
// route table's, the languages' and the action guards' among them), so the recipe stays true.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from 'next-intl';
import { locales } from '../i18n/locales.ts';

export const recipeFile = 'docs/architecture.md';
const heading = '### Adding a private page';

/** The words the recipe's page shows, as a native speaker writes them (every language: the type says which). */
const pageWords: Record<Locale, Record<string, string>> = {
  en: { title: 'Settings' },
  de: { title: 'Einstellungen' },
  fr: { title: 'Paramètres' },
  es: { title: 'Ajustes' },
  ja: { title: '設定' },
  ar: { title: 'الإعدادات' },
};

export interface PrivatePageRecipe {
  /** Step 1's entry, as the recipe writes it (`{ path: '/settings', … }`). */
  entry: string;
  /** The entry's path. */
  path: string;
  /** Step 2's page file and its source. */
  pageFile: string;
  page: string;
  /** The namespace and keys the page reads (`getTranslations('Settings')`, `t('title')`). */
  namespace: string;
  keys: string[];
}

/** The recipe's parts, read from its section of the docs; throws when a part is no longer where the steps say. */
export function readRecipe(docs: string): PrivatePageRecipe {
  const start = docs.indexOf(heading);
  if (start < 0) throw new Error(`${recipeFile} has no "${heading}"`);
  const end = docs.indexOf('\n## ', start);
  const section = docs.slice(start, end < 0 ? undefined : end);
  const entry = section.match(/`(\{ path: '[^`]+\})`/)?.[1];
  const pagePath = entry?.match(/path: '([^']+)'/)?.[1];
  const pageFile = section.match(/`(app\/\[locale\]\/[^`]+\/page\.tsx)`/)?.[1];
  const block = section.match(/```tsx\n([\s\S]*?)\n\s*```/)?.[1];
  if (!entry || !pagePath || !pageFile || !block)
    throw new Error(`${recipeFile}: "${heading}" lost its entry, its page file or its page`);
  // The block is indented under its list item.
  const indent = block.match(/^ */)?.[0].length ?? 0;
  const page = `${block
    .split('\n')
    .map((line) => line.slice(Math.min(indent, line.search(/\S|$/))))
    .join('\n')}\n`;
  const namespace = page.match(/getTranslations\('(\w+)'\)/)?.[1];
  const keys = [...new Set([...page.matchAll(/\bt\('(\w+)'\)/g)].map((match) => match[1]!))];
  if (!namespace || keys.length === 0) throw new Error(`${recipeFile}: the recipe's page reads no words`);
  return { entry, path: pagePath, pageFile, page, namespace, keys };
}

/** Applies the recipe to the project at `dir`. */
export function addPrivatePage(dir: string): PrivatePageRecipe {
  const recipe = readRecipe(readFileSync(path.join(dir, recipeFile), 'utf8'));
  // Step 1: the entry goes into the table, before its closing line.
  const tableFile = path.join(dir, 'lib/routes/route-table.ts');
  const table = readFileSync(tableFile, 'utf8');
  const close = '] as const satisfies readonly RouteEntry[];';
  if (!table.includes(close)) throw new Error(`lib/routes/route-table.ts: no "${close}"`);
  writeFileSync(tableFile, table.replace(close, `  ${recipe.entry},\n${close}`));
  // Step 2: the page, and its words in every messages/<locale>.json.
  mkdirSync(path.dirname(path.join(dir, recipe.pageFile)), { recursive: true });
  writeFileSync(path.join(dir, recipe.pageFile), recipe.page);
  for (const locale of locales) {
    const file = path.join(dir, 'messages', `${locale}.json`);
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const words = Object.fromEntries(
      recipe.keys.map((key) => {
        const word = pageWords[locale][key];
        if (!word) throw new Error(`scripts/private-page-recipe.ts: no ${locale} word for ${key}`);
        return [key, word];
      }),
    );
    messages[recipe.namespace] = words;
    writeFileSync(file, `${JSON.stringify(messages, null, 2)}\n`);
  }
  return recipe;
}
