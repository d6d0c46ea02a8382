// The scale bench's API processes: production mode with the page cache off (CATALOG_CACHE=0: every
// request reaches the database), at the ordinary priority while the load generator runs above them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiServer } from '../../lib/apiServer.mjs';
import { dbEnv, type Target } from './database';

/** The API processes' priority (nice 0); the generator's is raised above it where allowed (root). */
export const NORMAL_PRIORITY = 0;
export const GENERATOR_PRIORITY = -10;
let priorityRaised = false;

/**
 * Raises this process (the load generator) above the API processes and the database: its own waits for a
 * core would be timed as the server's latency, and a shopper's device does not share the server's cores.
 * Returns whether it could.
 */
export function raisePriority(): boolean {
  try {
    os.setPriority(GENERATOR_PRIORITY);
    priorityRaised = true;
  } catch {
    // Not allowed (not root): the generator shares the servers' priority, and the log says so.
  }
  return priorityRaised;
}

/**
 * `SCALE_API_NODE_FLAGS`: extra Node flags for the API processes, to look inside a stall (for example
 * `--cpu-prof --cpu-prof-dir=<a folder>`: each process writes its profile when the run ends).
 */
const API_NODE_FLAGS = (process.env.SCALE_API_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
/** `SCALE_API_OUT=<folder>`: each API process's standard output to `api-<port>.log` there (e.g. `--trace-gc`'s lines). */
const API_OUT = process.env.SCALE_API_OUT;

/** The API process's output file (`SCALE_API_OUT`), opened with the time it is started at. */
function apiOut(port: number): number {
  const fd = fs.openSync(path.join(API_OUT ?? '', `api-${port}.log`), 'a');
  fs.writeSync(fd, `spawned at ${new Date().toISOString()}\n`);
  return fd;
}

export function startServers(apiDir: string, target: Target, ports: number[]) {
  return ports.map((port) => {
    const server = startApiServer({
      port,
      apiDir,
      nodeFlags: API_NODE_FLAGS,
      env: { ...dbEnv(target), CATALOG_CACHE: '0', SEED_PRODUCTS: '' },
      output: API_OUT ? apiOut(port) : 'ignore',
    });
    // A child inherits the generator's raised priority: the servers run at the ordinary one.
    if (priorityRaised && server.child.pid) os.setPriority(server.child.pid, NORMAL_PRIORITY);
    return server;
  });
}
