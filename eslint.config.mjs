// Lint for the whole workspace. The import boundaries are the architecture (DESIGN.md), read from the
// ground up: contract (imports nothing) → shared → sections (shell and remotes side by side); api and ops
// stand beside them on contract alone. Remotes import only @storefront/shared and npm packages, never
// another remote or the shell; no package reaches into another's files; no module imports itself back
// through a cycle. scripts/lint-rules.test.mjs shows each rule failing on a deliberate offence.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const SECTIONS = ['shell', 'catalog', 'cart-checkout', 'account', 'admin'];
// ops/src from the ground up: the deploy root's state, telemetry on it, canaries on both, then the
// release commands and the host side by side (neither imports the other), the CLI on top.
const OPS_FLOORS = [['state'], ['telemetry'], ['canary'], ['release', 'host'], ['cli']];
const boundaryZones = [
  ...SECTIONS.flatMap((target) =>
    SECTIONS.filter((s) => s !== target).map((from) => ({
      target: `./${target}`,
      from: `./${from}`,
      message: `${target} must not import ${from}: sections talk through @storefront/shared stores or the URL.`,
    })),
  ),
  ...SECTIONS.map((from) => ({
    target: './shared',
    from: `./${from}`,
    message: 'shared must not import a section.',
  })),
  // api and ops run on the server: from the browser side they may import only the contract.
  ...['api', 'ops'].flatMap((target) =>
    [...SECTIONS, 'shared', ...['api', 'ops'].filter((s) => s !== target)].map((from) => ({
      target: `./${target}`,
      from: `./${from}`,
      message: `${target} may import only @storefront/contract from the other packages.`,
    })),
  ),
  ...['api', 'ops'].map((from) => ({
    target: './shared',
    from: `./${from}`,
    message: 'shared imports only @storefront/contract and npm packages.',
  })),
  // API routes validate, call the domain and reply: what two routes share lives in domain/ or schemas/.
  {
    target: './api/src/routes',
    from: './api/src/routes',
    message: 'A route never imports another route: move what both need into api/src/domain or api/src/schemas.',
  },
  // The API's floors, from the ground up: repositories (db/) return rows; the domain shapes them into answers
  // (domain/wire) and holds the rules; plugins and routes sit on top.
  {
    target: './api/src/db',
    from: ['./api/src/domain', './api/src/plugins', './api/src/routes'],
    message: 'api/src/db returns rows: the domain (answer shapes included), plugins and routes sit above it.',
  },
  {
    target: './api/src/domain',
    from: ['./api/src/plugins', './api/src/routes'],
    message: 'api/src/domain sits under plugins and routes: they hand it what it needs.',
  },
  // The benchmarks drive the other packages from outside: through their entry points (package.json
  // "exports", e.g. @storefront/api/bench), never by a path into their files; and nothing imports them.
  ...['api', 'ops', 'shared', 'contract', 'e2e', ...SECTIONS].flatMap((pkg) => [
    {
      target: './bench',
      from: `./${pkg}`,
      message: `bench imports ${pkg} through its entry point (package.json "exports"), not by a path into its files.`,
    },
    { target: `./${pkg}`, from: './bench', message: 'Nothing imports the benchmarks: they stand outside the packages they measure.' },
  ]),
  // ops is built in floors (docs/operators.md § The code): a folder imports only the floors below it.
  ...OPS_FLOORS.flatMap((floor, i) =>
    floor.flatMap((target) =>
      [...OPS_FLOORS.slice(i + 1).flat(), ...floor.filter((f) => f !== target)].map((from) => ({
        target: `./ops/src/${target}`,
        from: `./ops/src/${from}`,
        message: `ops/src/${target} may not import ops/src/${from}: a floor imports only the floors below it (${OPS_FLOORS.map((f) => f.join(' + ')).join(' → ')}).`,
      })),
    ),
  ),
  {
    target: './ops/src/host/plugins',
    from: './ops/src/host/plugins',
    message: 'A host plugin never imports another plugin: move what both need into a module of ops/src/host.',
  },
  // The contract is the ground floor: it imports no other package.
  ...['shared', 'api', 'ops', ...SECTIONS].map((from) => ({
    target: './contract',
    from: `./${from}`,
    message: 'contract is dependency-free: it imports no other package.',
  })),
];

// Packages are imported through their entry points (package.json "exports"), never by a path into their files.
const DEEP_IMPORT = { regex: '^@storefront/[^/]+/src(/|$)', message: 'Import a workspace package through its entry point, not its files.' };
const ROUTER_IMPORTS = {
  group: ['react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'],
  message: "Routing comes from '@storefront/shared/router' (the one shared router, tree-shaken).",
};
const CONTRACT_ONLY = {
  group: ['@storefront/*', '!@storefront/contract', '!@storefront/contract/*'],
  message: 'api and ops import only @storefront/contract from the other packages.',
};
const SECTION_PACKAGES = {
  group: ['@storefront/shell', '@storefront/catalog', '@storefront/cart-checkout', '@storefront/account', '@storefront/admin'],
  message: 'Sections never import each other: use @storefront/shared.',
};

// Issue 40: one way to load and to read an answer's data.
const DATA_ASSERTED = {
  selector: "TSNonNullExpression[expression.type='MemberExpression'][expression.property.name='data']",
  message: 'An answer without its data is a failure, not an assertion: use dataOf() from @storefront/shared.',
};
const LOAD_BY_HAND = {
  selector:
    "AssignmentExpression[left.type='MemberExpression'][left.object.type='ThisExpression'][left.property.name=/^(loading|\\w+Loading)$/][right.value=true]",
  message: 'A store loads through withLoadState, reportLoad or whileLoading (@storefront/shared), not by setting loading by hand.',
};
const TESTS = ['**/*.test.*', '**/testing/**'];
const SECTION_FILES = SECTIONS.map((s) => `${s}/**`);
const FORM_EXEMPT = ['shell/src/server/**'];
const FORM_VALIDATION = [
  {
    selector: "ImportExpression[source.value='@storefront/shared/validation']",
    message: "Forms load validation through @storefront/shared's useForm (or loadValidation), not by their own import.",
  },
  {
    selector: "ImportDeclaration[source.value='@storefront/shared/validation'][importKind!='type']",
    message: "Forms take validation through @storefront/shared's useForm: a value import puts yup on the first screen.",
  },
];
/** A no-restricted-syntax block: these selectors, on these files. */
const restrictSyntax = (files, ignores, selectors) => ({ files, ignores, rules: { 'no-restricted-syntax': ['error', ...selectors] } });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.deploy/**',
      '**/coverage/**',
      '**/data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/bench-results/**',
      // Deliberate offences, linted only by scripts/lint-rules.test.mjs.
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] } },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-expect-error': 'allow-with-description' }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [SECTION_PACKAGES, DEEP_IMPORT, ROUTER_IMPORTS],
        },
      ],
      // A cycle is a design question before it is a lint error (STYLE.md): none anywhere in the workspace.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The remotes take the contract through @storefront/shared's re-exports (one copy, in the singleton).
    files: ['catalog/**', 'cart-checkout/**', 'account/**', 'admin/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SECTION_PACKAGES,
            DEEP_IMPORT,
            ROUTER_IMPORTS,
            {
              group: ['@storefront/contract', '@storefront/contract/*'],
              message: 'Remotes take the contract from @storefront/shared (its re-exports).',
            },
          ],
        },
      ],
    },
  },
  {
    // Server packages: of the browser side only the contract (relative paths are covered by the zones above).
    files: ['api/**', 'ops/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [DEEP_IMPORT, CONTRACT_ONLY],
        },
      ],
    },
  },
  {
    // The API's domain is plain rules and transactions: Fastify stays in routes/ and plugins/.
    files: ['api/src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DEEP_IMPORT,
            CONTRACT_ONLY,
            {
              group: ['fastify', 'fastify/*', 'fastify-plugin', '@fastify/*'],
              message: 'api/src/domain has no Fastify: routes and plugins hand it what it needs.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract imports nothing but its own files.
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^[^.]', message: 'contract is dependency-free: only its own files.' }] }],
    },
  },
  // no-restricted-syntax takes one list per file (a later block replaces an earlier one's), so each
  // block below names every selector that holds for its files.
  // One way to hold a form: a section's forms take the schemas through shared's form hook, which
  // loads yup on a form's first input (docs/performance.md). The server render hands the singleton
  // over.
  restrictSyntax(SECTION_FILES, FORM_EXEMPT, FORM_VALIDATION),
  // One way to load and to read an answer's data (issue 40), in the frontend's sources.
  restrictSyntax(['shared/src/**', ...FORM_EXEMPT], TESTS, [DATA_ASSERTED]),
  restrictSyntax(SECTION_FILES, [...TESTS, ...FORM_EXEMPT], [...FORM_VALIDATION, DATA_ASSERTED]),
  restrictSyntax(['shared/src/stores/**'], [...TESTS, 'shared/src/stores/loadState.ts'], [DATA_ASSERTED, LOAD_BY_HAND]),
  restrictSyntax(
    ['shell/src/stores/**', 'catalog/src/stores/**', 'cart-checkout/src/stores/**', 'account/src/stores/**', 'admin/src/stores/**'],
    TESTS,
    [...FORM_VALIDATION, DATA_ASSERTED, LOAD_BY_HAND],
  ),
  {
    // The router facade is the one place that imports react-router-dom.
    files: ['shared/src/router.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Issue 40: a file a newcomer can read in one sitting, a function that fits a screen. Route registrars,
    // static pages, migrations, seed data and tests (their describe blocks) are lists by nature.
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    ignores: [
      '**/*.test.*',
      '**/*.spec.*',
      '**/test/**',
      'e2e/tests/**',
      'api/src/routes/**',
      'api/src/db/migrations/**',
      'api/src/db/seed/**',
      'shell/src/pages/{FaqPage,PrivacyPolicyPage,TermsPage,SupportPage}.tsx',
    ],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
