// Pure constants and builders: Node is enough.
const c = require('../jest.base.cjs')(__dirname, { env: 'node' });

module.exports = { ...c, testEnvironment: 'node' };
