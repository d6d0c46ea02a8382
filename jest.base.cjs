// Common Jest settings for every package: @swc/jest for TS/TSX, jsdom for UI packages.
const path = require('node:path');

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
    // swiper ships ES modules only (TOOLCHAIN.md): compiled like our own files.
    transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?swiper[@/])'],
    moduleNameMapper: {
      '\\.(css|less)$': path.join(__dirname, 'jest.styleMock.cjs'),
    },
    setupFiles: env === 'jsdom' ? [path.join(__dirname, 'jest.polyfills.cjs')] : [],
    setupFilesAfterEnv: env === 'jsdom' ? ['@testing-library/jest-dom'] : [],
  };
};
