import next from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...next,
  ...nextTs,
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'bench/*/.next/**', 'bench/results/**', 'next-env.d.ts', 'public/**', 'test-results/**', 'playwright-report/**'],
  },
];

export default config;
