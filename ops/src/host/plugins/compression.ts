/**
 * Compression through @fastify/compress: brotli, then gzip, by Accept-Encoding (q-values honoured).
 * Versioned files usually go out as the build's own `.br`/`.gz` (best compression, made once at build
 * time, see shared/build/rspackConfig.ts); what is left — pages, the registry, proxied answers, files
 * without a precompressed sibling — is compressed here, quickly (brotli 5, gzip 6).
 */
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 512,
      brotliOptions: {
        params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
      },
      zlibOptions: { level: 6 },
      customTypes: /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/,
    });
  },
  { name: 'host-compression' },
);
