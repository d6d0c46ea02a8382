// Node environment: the ops CLI and host run in Node, never in a browser.
const c = require('../jest.base.cjs')(__dirname, { env: 'node' });

// @fastify/static 10 requires content-disposition 3, which ships ES modules only: compiled like our own files.
const transformIgnorePatterns = ['/node_modules/(?!(\\.pnpm/)?content-disposition[@/])'];

module.exports = { ...c, transformIgnorePatterns, testEnvironment: 'node', testTimeout: 30000 };
