import js from '@eslint/js';
import path from 'node:path';
import tseslint from 'typescript-eslint';

/**
 * Web features stay independent (issue 18): a file under apps/web/src/features/<a>/ may not import
 * anything under features/<b>/. Pieces two features share live in shared/; pages that combine
 * features are composed in app/. Relative paths are resolved, so `../../auth/x` and
 * `../../../features/auth/x` are caught alike.
 */
const featureBoundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: { type: 'problem', schema: [], messages: { cross: 'La funcionalidad «{{from}}» no importa internos de «{{to}}»: muévelo a shared/ o compón en app/.' } },
      create(context) {
        const featureOf = (file) => file.split(path.sep).join('/').match(/apps\/web\/src\/features\/([^/]+)\//)?.[1];
        const from = featureOf(context.filename);
        if (!from) return {};
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.resolve(path.dirname(context.filename), spec).split(path.sep).join('/');
          const to = featureOf(target + '/');
          // A feature's public.ts is its published surface (what other features may compose); the rest is internal.
          if (to && to !== from && !target.endsWith(`/features/${to}/public`)) context.report({ node: node.source, messageId: 'cross', data: { from, to } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

/**
 * The API's house (issue 30 §6, decision 284): apps/api/src/jobs/ is the queue's machinery (queue, progress,
 * context) and imports no module; each feature's job lives in its module (modules/<a>/<name>.job.ts) and no
 * module imports another module's job (modules/workers.ts, the composition root, lists them all).
 */
const apiHouse = {
  rules: {
    'job-boundaries': {
      meta: {
        type: 'problem', schema: [],
        messages: {
          machinery: 'jobs/ es la maquinaria de la cola: no importa módulos ({{to}}).',
          crossJob: 'El módulo «{{from}}» no importa el job de «{{to}}»: usa su servicio, o regístralo en modules/workers.ts.',
        },
      },
      create(context) {
        const norm = (p) => p.split(path.sep).join('/');
        const file = norm(context.filename);
        const inJobs = /apps\/api\/src\/jobs\//.test(file);
        const from = file.match(/apps\/api\/src\/modules\/([^/]+)\//)?.[1];
        if (!inJobs && !from) return {};
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = norm(path.resolve(path.dirname(context.filename), spec));
          const module = target.match(/apps\/api\/src\/modules(\/([^/]+))?/);
          if (!module) return;
          if (inJobs) return context.report({ node: node.source, messageId: 'machinery', data: { to: spec } });
          const to = module[2];
          if (to && to !== from && /\.job(\.[jt]s)?$/.test(target)) context.report({ node: node.source, messageId: 'crossJob', data: { from, to } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

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
    // The fiscal engine depends on nothing of ours, and reaches decimal.js only through its money module
    // (one configured clone: precision 40, ROUND_HALF_UP as SAT rounds; issue 18).
    files: ['packages/cfdi/**/*.ts'],
    ignores: ['packages/cfdi/src/money/decimal.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: ['@facturo/contract*', '@facturo/api*', '@facturo/web*'],
        paths: [{ name: 'decimal.js', message: 'Usa Decimal del módulo money (packages/cfdi/src/money): un solo clon configurado.' }],
      }],
    },
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
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { facturo: featureBoundaries },
    rules: { 'facturo/no-cross-feature-imports': 'error' },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'facturo-api': apiHouse },
    rules: { 'facturo-api/job-boundaries': 'error' },
  },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } } },
);
