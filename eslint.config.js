import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** `../` repeated: the way up from a file `n` folders below where the rule is anchored. */
function up(n) {
  return '(?:\\.\\./){' + n + '}';
}
function restrict(regex, message) {
  return { regex: `^${regex}`, message };
}

/**
 * antd-mobile's own text controls, which screens do not use: the wrappers add what every field needs
 * (components/ui/input.tsx: a clear button announced as a button; the labelled fields of
 * features/applications/components/fields.tsx: the bound label, the error under the field and on the
 * native element, the count). `names` are the ones still forbidden where the rule applies.
 */
const textControlWrapper = 'apps/web/src/features/applications/components/fields.tsx';
function rawTextControls(names = ['Input', 'TextArea']) {
  return {
    name: 'antd-mobile',
    importNames: names,
    message:
      "Use the wrappers: TextInput / TextAreaInput (features/applications, via its index.js) or TextField / Input (components/ui), not antd-mobile's Input or TextArea.",
  };
}

/**
 * no-restricted-imports blocks for apps/web/src. A file `k` folders inside features/<name>/ reaches
 * features/ with k + 1 `../` and src/ with k + 2: another feature is `../`×(k+1) then a name, and only
 * its index.js may follow. Tests and testing/ helpers may also use other features' testing/ helpers,
 * the app (the harness renders it) and routes. Features and routes also import no raw antd-mobile
 * text control (rawTextControls), but for the wrapper itself. (One rule entry per file: a later block
 * would replace an earlier one's options, so both restrictions share each block.)
 */
function webImportBoundaries() {
  const src = 'apps/web/src';
  const tests = [`${src}/**/*.test.{ts,tsx}`, `${src}/**/testing/**`];
  const blocks = [];
  for (let k = 0; k <= 3; k++) {
    const files = [`${src}/features/*/${'*/'.repeat(k)}*.{ts,tsx}`];
    const otherFeature = (allowTesting) =>
      restrict(
        `${up(k + 1)}[^./][^/]*/(?!index\\.js$)${allowTesting ? '(?!testing/)' : ''}`,
        "Import another feature only through its index.ts (features/<name>/index.js); shared pieces belong in components/, lib/ or stores/.",
      );
    const upward = (dirs) =>
      restrict(`${up(k + 2)}(?:${dirs.join('|')})/`, `A feature does not import ${dirs.map((d) => `${d}/`).join(', ')}: those sit above features (routes → features → components/lib/stores).`);
    const testFiles = [`${src}/features/*/${'*/'.repeat(k)}*.test.{ts,tsx}`];
    if (k >= 1) testFiles.push(`${src}/features/*/${'*/'.repeat(k - 1)}testing/*.{ts,tsx}`);
    const patterns = [otherFeature(false), upward(['app', 'routes', 'shell', 'test'])];
    blocks.push(
      { files, ignores: [...tests, textControlWrapper], rules: { 'no-restricted-imports': ['error', { paths: [rawTextControls()], patterns }] } },
      { files: testFiles, rules: { 'no-restricted-imports': ['error', { paths: [rawTextControls()], patterns: [otherFeature(true), upward(['shell'])] }] } },
    );
    // the wrapper of TextArea is at this depth: only Input stays forbidden there
    if (k === 1) blocks.push({ files: [textControlWrapper], rules: { 'no-restricted-imports': ['error', { paths: [rawTextControls(['Input'])], patterns }] } });
  }
  blocks.push({ files: [`${src}/routes/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', { paths: [rawTextControls()] }] } });
  for (let j = 0; j <= 2; j++) {
    const files = ['components', 'lib', 'stores'].map((d) => `${src}/${d}/${'*/'.repeat(j)}*.{ts,tsx}`);
    blocks.push({
      files,
      ignores: tests,
      rules: {
        'no-restricted-imports': ['error', {
          patterns: [restrict(`${up(j + 1)}(?:features|app|routes|shell)/`, 'components/, lib/ and stores/ sit below features and the app: they import neither (nor routes/ or shell/).')],
        }],
      },
    });
  }
  return blocks;
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // no personal data in logs: logging goes through pino with redaction, never console
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Import boundaries on the web (docs: apps/web/src): routes → features → components/lib/stores →
  // contracts. A feature imports another feature only through that feature's index.ts; nothing
  // imports app/ but main.tsx and routes (and the test harness); components, lib and stores import no
  // feature. The rules match the import as written, so they are generated per folder depth.
  ...webImportBoundaries(),
  {
    // API modules (apps/api/src/modules/<domain>/): a module reaches another only through that
    // module's public API, its <domain>.module.ts (or an explicit index.ts); shared pieces live below
    // the modules (src/db, src/plugins, src/clock, …), where every module can reach them.
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.)[^/]+/(?![^/]+\\.module\\.js$)(?!index\\.js$)',
              message: "Import another module only through its module file (../<domain>/<domain>.module.js) or index.js.",
            },
          ],
        },
      ],
    },
  },
  {
    // SQL lives in repositories: Kysely query building (selectFrom/insertInto/updateTable/deleteFrom,
    // and sql`…`) only in *.repository.ts, migrations, src/db, src/cli and src/ops.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/db/**',
      'apps/api/src/cli/**',
      'apps/api/src/ops/**',
      // justified exceptions, to move into repositories when next touched:
      // - the console-verification store: the class is its table's only access and keeps the row
      //   logic (lifetimes) next to its SQL
      'apps/api/src/modules/console-access/console-verifications.ts',
      // - rubric criteria: the admin's rubric service and the review's read of the active rubric
      'apps/api/src/modules/admin/rubrics.ts',
      'apps/api/src/modules/review/rubric.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]",
          message: 'SQL lives in *.repository.ts: call the module\'s repository (or another module\'s API through its module file).',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], TaggedTemplateExpression[tag.object.name='sql']",
          message: 'SQL lives in *.repository.ts.',
        },
      ],
    },
  },
  {
    // scripts, benchmarks and tests print what they measured; the server prints its start-up summary
    files: ['scripts/**', 'bench/**', 'e2e/**', 'apps/api/test/**', 'apps/api/src/server.ts', 'apps/api/src/db/seed*.ts'],
    rules: { 'no-console': 'off' },
  },
);
