import next from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...next,
  ...nextTs,
  {
    // Links prefetch on intent, not on sight (see components/navigation/link.tsx).
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['components/navigation/link.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@/i18n/navigation', importNames: ['Link'], message: 'Use Link from @/components/navigation/link.' },
            { name: 'next/link', message: 'Use Link from @/components/navigation/link.' },
          ],
        },
      ],
    },
  },
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'bench/*/.next/**', 'bench/results/**', 'next-env.d.ts', 'public/**', 'test-results/**', 'playwright-report/**'],
  },
];

export default config;
