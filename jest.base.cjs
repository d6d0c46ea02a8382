// Common Jest settings for every package: @swc/jest for TS/TSX, jsdom for UI packages.
const path = require('node:path');

/**
 * React's names as the builds resolve them (shared/src/federation.ts, REACT_ALIASES): to Preact's
 * compatibility layer, so the components are tested on the renderer the shop runs. Preact ships ES
 * modules only: they are compiled like our own files.
 */
const PREACT = path.dirname(require.resolve('preact/package.json', { paths: [path.join(__dirname, 'shared')] }));
const REACT_NAMES = {
  '^react$': 'compat/dist/compat.mjs',
  '^react-dom$': 'compat/dist/compat.mjs',
  '^react-dom/client$': 'compat/client.mjs',
  '^react-dom/server$': 'compat/server.mjs',
  '^react/jsx-runtime$': 'compat/jsx-runtime.mjs',
  '^react/jsx-dev-runtime$': 'compat/jsx-dev-runtime.mjs',
  // Testing Library's `act` where React has none of its own.
  '^react-dom/test-utils$': 'test-utils/dist/testUtils.mjs',
};

/** @param {string} dir package directory; @param {{ env?: 'jsdom' | 'node' }} [opts] */
module.exports = function jestConfig(dir, opts = {}) {
  const env = opts.env ?? 'jsdom';
  return {
    rootDir: dir,
    testEnvironment: env,
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(preact(-render-to-string)?|swiper)[@/])'],
    moduleNameMapper: {
      '\\.(css|less)$': path.join(__dirname, 'jest.styleMock.cjs'),
      ...Object.fromEntries(Object.entries(REACT_NAMES).map(([name, file]) => [name, path.join(PREACT, file)])),
    },
    setupFiles: env === 'jsdom' ? [path.join(__dirname, 'jest.polyfills.cjs')] : [],
    setupFilesAfterEnv: env === 'jsdom' ? ['@testing-library/jest-dom'] : [],
  };
};
