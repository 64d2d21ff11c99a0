import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.generated.*', 'test-results/**', 'playwright-report/**', '**/catalogs/data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-imports': 'off',
    },
  },
  {
    // The fiscal engine depends on nothing of ours.
    files: ['packages/cfdi/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@facturo/contract*', '@facturo/api*', '@facturo/web*'] }] },
  },
  {
    // The web reaches the engine only through its browser-safe modules.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['@facturo/api*', '**/apps/api/**'], message: 'La web no importa la API.' },
          // A regex, not a group: gitignore-style groups cannot re-include a path under an excluded one.
          { regex: '^@facturo/cfdi(?!/money$|/catalogs(/browser)?$|/payroll$|/rfc$)', message: 'Solo money, catálogos, nómina y RFC del motor son seguros en el navegador.' },
        ],
      }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } } },
);
