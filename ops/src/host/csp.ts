/** What a request's Content-Security-Policy allows, set by the security plugin and widened by the page (its inline loader). */
import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';

export interface CspState {
  origins: string[];
  payment: boolean;
  scriptHashes: string[];
}

export const kCsp = Symbol('host.csp');
export type WithCsp = IncomingMessage & { [kCsp]?: CspState };

export const stateOf = (req: IncomingMessage): CspState => (req as WithCsp)[kCsp] ?? { origins: [], payment: false, scriptHashes: [] };

/** Allows the page's inline loader (`sha256-…`) and re-applies the headers with it. */
export function allowInlineScripts(reply: FastifyReply, hashes: string[]): void {
  const state = (reply.request.raw as WithCsp)[kCsp];
  if (!state || !hashes.length) return;
  state.scriptHashes = hashes;
  void reply.helmet();
}
