// @ts-check
// The paced loop of pacedList (paced.mjs), in a thread of its own: its requests come in workerData.
import { parentPort, workerData } from 'node:worker_threads';
import { pacedRun } from './paced.mjs';

const { requests, ...opts } = /** @type {import('./paced.mjs').PacedListOptions} */ (workerData);
const figures = await pacedRun({ ...opts, next: (i) => requests[i % requests.length] ?? null });
parentPort?.postMessage(figures);
