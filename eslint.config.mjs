import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // An import cycle makes module order matter and hides which area owns what: one fails the lint.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // CommonJS by necessity: Next's and Jest's config files and the postinstall script run without a build.
    files: ['*.config.js', 'next.config.js', 'scripts/*.js', 'lib/security-headers.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'out/**',
    'build/**',
    '.data/**',
    'lib/generated/**',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
    'scratch/**',
  ]),
]);
