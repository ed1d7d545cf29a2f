import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/local-supabase/**/*.test.ts'],
    environment: 'node',
    // next-intl's ESM build imports 'next/navigation' without an extension, which only a bundler resolves.
    server: { deps: { inline: ['next-intl'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
