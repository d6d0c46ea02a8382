/**
 * Where a paced run's CPU went (issue 16): the API processes, the database server and the load generator,
 * read from Linux's /proc around the run. It turns "the cores were full in the slow windows" into the
 * CPU each answer costs, per part, which is also what an operator sizes a machine by. Elsewhere than on
 * Linux the figures are absent.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc's times (USER_HZ; 100 on every common Linux). */
let ticksPerSecond: number | undefined;
function hz(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** utime + stime of one process, in ms (0 once it is gone). */
function processMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / hz();
  } catch {
    return 0;
  }
}

/**
 * Every PostgreSQL server process on this machine (postmaster, backends, background workers), or with
 * `database` only the backends serving it: their process title is `postgres: [<cluster>: ]<role> <database> <client> …`.
 * On a machine shared with other databases' work that is the bench's own database CPU, not theirs.
 */
function postgresPids(database?: string): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((pid) => {
        try {
          if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return false;
          if (database === undefined) return true;
          const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
          return title.startsWith('postgres: ') && title.split(/[\s\0]+/).includes(database);
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** Busy and total ms of every core since boot, from /proc/stat's first line. */
function machineMs(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, ...ticks] = line.trim().split(/\s+/).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
    const total = ticks.slice(0, 8).reduce((s, t) => s + t, 0); // user … steal (guest is inside user)
    return { busy: ((total - idle) * 1000) / hz(), total: (total * 1000) / hz() };
  } catch {
    return null;
  }
}

interface Snapshot {
  api: number;
  db: number;
  generator: number;
  machine: { busy: number; total: number } | null;
}

export interface CpuFigures {
  /** CPU ms per answer in the API processes, the database server and this load generator. */
  apiMsPerAnswer: number;
  dbMsPerAnswer: number;
  generatorMsPerAnswer: number;
  /** How many of the machine's cores were busy on average over the run (all processes). */
  coresBusy: number;
}

/**
 * Starts counting CPU for the API processes `apiPids` (and PostgreSQL's processes when `postgres`: the
 * backends of that database when it is named); the returned function stops and divides by the answers
 * the run received. A backend that started during the run counts from its start.
 */
export function cpuAccount(apiPids: number[], postgres: boolean | { database: string }): (answers: number) => CpuFigures | null {
  if (process.platform !== 'linux') return () => null;
  const database = typeof postgres === 'object' ? postgres.database : undefined;
  const started = new Map((postgres ? postgresPids(database) : []).map((pid) => [pid, processMs(pid)]));
  const dbMs = (end: boolean) => {
    if (!end) return [...started.values()].reduce((s, ms) => s + ms, 0);
    const now = new Set([...started.keys(), ...(postgres ? postgresPids(database) : [])]);
    // A backend gone since the start: the CPU it had then is all it will count (processMs is 0 now).
    return [...now].reduce((s, pid) => s + Math.max(processMs(pid), started.get(pid) ?? 0), 0);
  };
  const snap = (end: boolean): Snapshot => {
    const own = process.cpuUsage();
    return {
      api: apiPids.reduce((s, pid) => s + processMs(pid), 0),
      db: dbMs(end),
      generator: (own.user + own.system) / 1000,
      machine: machineMs(),
    };
  };
  const before = snap(false);
  return (answers) => {
    const after = snap(true);
    const per = (ms: number) => Math.round((ms / Math.max(1, answers)) * 1000) / 1000;
    const busy = after.machine && before.machine ? after.machine.busy - before.machine.busy : 0;
    const total = after.machine && before.machine ? after.machine.total - before.machine.total : 0;
    const cores = total > 0 ? (busy / total) * os.cpus().length : 0;
    return {
      apiMsPerAnswer: per(after.api - before.api),
      dbMsPerAnswer: per(after.db - before.db),
      generatorMsPerAnswer: per(after.generator - before.generator),
      coresBusy: Math.round(cores * 100) / 100,
    };
  };
}
