/** What the host's plugins share: configuration, the registry, the renderer, metrics, the site's origin. */
import type { HostConfig } from './config';
import type { StateStore, RegistryReader, RegistrySnapshot } from '../state';
import type { HostMetrics } from './metrics';
import type { ServerRenderer } from './render';

export interface HostContext {
  config: HostConfig;
  /** The state store: the registry, canaries, telemetry and limits shared with every other host process. */
  store: StateStore;
  registry: RegistryReader;
  renderer: ServerRenderer | null;
  metrics: HostMetrics;
  /** STORE_URL, or in development the address the host listens on. */
  siteUrl(): string;
  /** Plain text lines (server rendering); the JSON log gets them too. */
  log(line: string): void;
}

/** The section and version of a versioned file this request asked for (bytes served are counted per version). */
export interface AssetLabel {
  section: string;
  version: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    asset: AssetLabel | null;
    /** The registry as this request found it (read once per request). */
    registry: RegistrySnapshot | null;
    /** request.ip as it was on arrival. */
    clientIp: string;
  }
}
