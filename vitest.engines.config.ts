import { defineConfig } from 'vitest/config';

// The main flows in Firefox and WebKitGTK (docs/testing.md): the servers as playwright.config.ts starts them.
export default defineConfig({
  test: {
    include: ['tests/e2e-engines/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e-engines/servers.ts'],
    // One browser at a time on a two-core machine.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    retry: process.env.CI ? 1 : 0,
  },
});
