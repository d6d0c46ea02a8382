// react-router 7 reads TextEncoder/TextDecoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');
if (!globalThis.TextEncoder) globalThis.TextEncoder = TextEncoder;
if (!globalThis.TextDecoder) globalThis.TextDecoder = TextDecoder;
