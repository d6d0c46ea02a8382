const base = require('../jest.base.cjs')(__dirname);

// swiper reads window.matchMedia (breakpoints), which jsdom does not provide.
module.exports = { ...base, setupFiles: [...base.setupFiles, '<rootDir>/src/testing/jsdom.setup.cjs'] };
