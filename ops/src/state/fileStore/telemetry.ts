/**
 * Telemetry in the files store: `telemetry/<hour>/<writer>.jsonl`, one file per host process (appends need
 * no lock; readers sum every writer's file), and the reporter key (`telemetry/.reporter-key`, 0600).
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPORTER_KEY_FILE, TELEMETRY_DIR } from '../layout';
import type { StateStore, TelemetryLine } from '../types';

/** A name of this process's own, unique across the hosts on one root: `<hostname>-<pid>-<random>`. */
export function writerName(): string {
  const host =
    os
      .hostname()
      .replace(/[^\w.-]/g, '_')
      .slice(0, 64) || 'host';
  return `${host}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

const hourName = (minute: number): string => new Date(minute * 60_000).toISOString().slice(0, 13);

/** Reads the reporter key, making it first if there is none (of processes racing, one makes it). */
async function makeKey(root: string): Promise<Buffer> {
  const folder = path.join(root, TELEMETRY_DIR);
  const file = path.join(folder, REPORTER_KEY_FILE);
  const read = async () => {
    const hex = (await fs.readFile(file, 'utf8')).trim();
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} is not a reporter key (64 hex digits): delete it to make a new one`);
    return Buffer.from(hex, 'hex');
  };
  try {
    return await read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(folder, { recursive: true });
  // Written whole under a private name, then linked in: link() fails if another process got there
  // first, and nobody ever reads a half-written key.
  const tmp = path.join(folder, `${REPORTER_KEY_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
  await fs.writeFile(tmp, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.rm(tmp, { force: true });
  }
  return read();
}

/** A writer's file's well-formed lines of minutes [fromMinute, toMinute] (a torn last line skipped). */
async function linesOf(file: string, fromMinute: number, toMinute: number): Promise<TelemetryLine[]> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return [];
  }
  const out: TelemetryLine[] = [];
  for (const raw of text.split('\n')) {
    if (!raw) continue;
    let line: TelemetryLine;
    try {
      line = JSON.parse(raw) as TelemetryLine;
    } catch {
      continue;
    }
    if (typeof line.m !== 'number' || line.m < fromMinute || line.m > toMinute) continue;
    if (typeof line.r !== 'string' || typeof line.v !== 'string') continue;
    out.push(line);
  }
  return out;
}

type TelemetryPart = Pick<StateStore, 'addTelemetry' | 'readTelemetry' | 'pruneTelemetry' | 'reporterKey'>;

/** `mine`: this process's writer name (its file in every hour folder). */
export function fileTelemetry(root: string, mine: string): TelemetryPart {
  const telemetryFile = `${mine}.jsonl`;
  let key: Promise<Buffer> | null = null;

  return {
    async addTelemetry(lines) {
      const byHour = new Map<string, string[]>();
      for (const l of lines) {
        const h = hourName(l.m);
        const list = byHour.get(h) ?? [];
        list.push(JSON.stringify(l));
        byHour.set(h, list);
      }
      for (const [hour, list] of byHour) {
        const dir = path.join(root, TELEMETRY_DIR, hour);
        await fs.mkdir(dir, { recursive: true });
        await fs.appendFile(path.join(dir, telemetryFile), `${list.join('\n')}\n`, 'utf8');
      }
    },
    async readTelemetry(fromMinute, toMinute) {
      const out: TelemetryLine[] = [];
      const hours = new Set<string>();
      for (let m = fromMinute - (fromMinute % 60); m <= toMinute; m += 60) hours.add(hourName(m));
      for (const hour of hours) {
        const dir = path.join(root, TELEMETRY_DIR, hour);
        let files: string[];
        try {
          files = (await fs.readdir(dir)).filter((f) => f.endsWith('.jsonl'));
        } catch {
          continue;
        }
        for (const f of files) for (const line of await linesOf(path.join(dir, f), fromMinute, toMinute)) out.push(line);
      }
      return out;
    },
    async pruneTelemetry(beforeMinute) {
      const oldest = hourName(beforeMinute);
      let names: string[];
      try {
        names = await fs.readdir(path.join(root, TELEMETRY_DIR));
      } catch {
        return;
      }
      for (const n of names) {
        if (/^\d{4}-\d\d-\d\dT\d\d$/.test(n) && n < oldest)
          await fs.rm(path.join(root, TELEMETRY_DIR, n), { recursive: true, force: true });
      }
    },
    reporterKey() {
      key ??= makeKey(root).catch((err: unknown) => {
        key = null;
        throw err;
      });
      return key;
    },
  };
}
