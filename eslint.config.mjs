// Lint for the whole workspace. The import boundaries are the architecture (DESIGN.md): remotes import
// only @storefront/shared and npm packages, never another remote or the shell; shared imports no section.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const SECTIONS = ['shell', 'catalog', 'cart-checkout', 'account'];
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
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/.deploy/**', '**/coverage/**', '**/data/**',
      '**/test-results/**', '**/playwright-report/**', '**/bench-results/**',
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
          patterns: [
            { group: ['@storefront/shell', '@storefront/catalog', '@storefront/cart-checkout', '@storefront/account'], message: 'Sections never import each other: use @storefront/shared.' },
            { group: ['react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'], message: "Routing comes from '@storefront/shared/router' (the one shared router, tree-shaken)." },
          ],
        },
      ],
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
