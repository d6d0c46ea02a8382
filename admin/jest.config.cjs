module.exports = require('../jest.base.cjs')(__dirname);
