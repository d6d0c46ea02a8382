// Node environment: the ops CLI and host run in Node, never in a browser.
const c = require('../jest.base.cjs')(__dirname, { env: 'node' });

module.exports = { ...c, testEnvironment: 'node', testTimeout: 30000 };
