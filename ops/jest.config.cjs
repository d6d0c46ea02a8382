// Node environment: the ops CLI and host run in Node, never in a browser.
const c = require('../jest.base.cjs')(__dirname, { env: 'node' });

// @fastify/static 10 requires content-disposition 3, which ships ES modules only: compiled like our own
// files, as the base config does for Preact.
const transformIgnorePatterns = ['/node_modules/(?!(\\.pnpm/)?(preact(-render-to-string)?|content-disposition)[@/])'];

module.exports = { ...c, transformIgnorePatterns, testEnvironment: 'node', testTimeout: 30000 };
