import next from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Links prefetch on intent, not on sight (see components/navigation/link.tsx).
const linkImports = [
  {
    name: '@/i18n/navigation',
    importNames: ['Link'],
    message: 'Use Link from @/components/navigation/link.',
  },
  { name: 'next/link', message: 'Use Link from @/components/navigation/link.' },
];
// Session code goes through lib/session/ (one module per runtime), which keeps the presence hint in step.
const sessionClientImports = [
  { name: '@/lib/supabase/server', message: 'Use sessionClient() and friends from @/lib/session/server.' },
  { name: '@/lib/supabase/edge', message: 'Use @/lib/session/edge.' },
];

const config = [
  ...next,
  ...nextTs,
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['components/navigation/link.tsx', 'lib/session/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [...linkImports, ...sessionClientImports] }] },
  },
  {
    files: ['lib/session/**'],
    rules: { 'no-restricted-imports': ['error', { paths: linkImports }] },
  },
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      'bench/*/.next/**',
      'bench/results/**',
      'next-env.d.ts',
      'public/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
];

export default config;
