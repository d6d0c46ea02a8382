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
    from: ['./api/src/domain/wire', './api/src/plugins', './api/src/routes'],
    message: 'api/src/db returns rows: answer shapes (domain/wire), plugins and routes sit above it.',
  },
  {
    target: './api/src/domain',
    from: ['./api/src/plugins', './api/src/routes'],
    message: 'api/src/domain sits under plugins and routes: they hand it what it needs.',
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
  {
    // The router facade is the one place that imports react-router-dom.
    files: ['shared/src/router.ts'],
    rules: { 'no-restricted-imports': 'off' },
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
