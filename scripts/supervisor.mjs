// A small process supervisor for `npm run start:prod` (scripts/serve.mjs): keeps each long-running process
// up, restarting one that dies with a growing pause, and stops them in order on SIGTERM. Plain Node: a
// supervisor package (pm2 and the like) would bring its own daemon, logs and state folder; on a real server
// systemd is the outer supervisor (docs/operators.md), this one only restarts inside the unit.
import { spawn } from 'node:child_process';

/** Restart pauses: 0.5 s, doubling to at most 30 s; a process that ran a minute starts again at 0.5 s. */
export const BACKOFF = { firstMs: 500, maxMs: 30_000, resetAfterMs: 60_000 };

export class Supervisor {
  /**
   * @param {{ log: (level: 'info' | 'warn' | 'error', msg: string, fields?: object) => void, stopTimeoutMs?: number }} opts
   */
  constructor(opts) {
    this.log = opts.log;
    this.stopTimeoutMs = opts.stopTimeoutMs ?? 15_000;
    /** @type {Map<string, { spec: object, child: import('node:child_process').ChildProcess | null, delay: number, startedAt: number, timer: NodeJS.Timeout | null, restarts: number }>} */
    this.procs = new Map();
    this.stopping = false;
  }

  /**
   * Starts a process and keeps it running.
   * @param {{ name: string, cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv }} spec
   */
  add(spec) {
    const proc = { spec, child: null, delay: BACKOFF.firstMs, startedAt: 0, timer: null, restarts: 0 };
    this.procs.set(spec.name, proc);
    this.#start(proc);
  }

  /** The pid of a process now running, for logs and tests. */
  pid(name) {
    return this.procs.get(name)?.child?.pid ?? null;
  }

  #start(proc) {
    const { name, cmd, args, cwd, env } = proc.spec;
    proc.startedAt = Date.now();
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    proc.child = child;
    this.log('info', `${name} started`, { process: name, childPid: child.pid, restarts: proc.restarts });
    child.on('error', (err) => this.log('error', `${name} could not start: ${err.message}`, { process: name }));
    child.on('exit', (code, signal) => {
      proc.child = null;
      if (this.stopping) return;
      // A process that stayed up a while died of something new: restart it quickly. One that keeps dying
      // waits longer each time, so a broken setting does not spin the machine.
      if (Date.now() - proc.startedAt >= BACKOFF.resetAfterMs) proc.delay = BACKOFF.firstMs;
      const wait = proc.delay;
      proc.delay = Math.min(proc.delay * 2, BACKOFF.maxMs);
      proc.restarts += 1;
      this.log('warn', `${name} exited (${signal ?? `code ${code}`}); restarting in ${(wait / 1000).toFixed(1)} s`, {
        process: name,
        childPid: child.pid,
        code,
        signal,
        restartInMs: wait,
      });
      proc.timer = setTimeout(() => {
        proc.timer = null;
        if (!this.stopping) this.#start(proc);
      }, wait);
    });
  }

  /**
   * Stops every process, group by group (the host first, so it can finish requests still using the API
   * processes): SIGTERM, then SIGKILL for whatever has not exited after `stopTimeoutMs`.
   * @param {string[][]} groups process names, stopped one group after the other; the rest last
   */
  async stop(groups = []) {
    this.stopping = true;
    for (const proc of this.procs.values()) if (proc.timer) clearTimeout(proc.timer);
    const named = new Set(groups.flat());
    const rest = [...this.procs.keys()].filter((n) => !named.has(n));
    for (const group of [...groups, rest]) {
      await Promise.all(group.map((name) => this.#stopOne(this.procs.get(name))));
    }
  }

  async #stopOne(proc) {
    const child = proc?.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      this.log('warn', `${proc.spec.name} still running ${this.stopTimeoutMs} ms after SIGTERM: killing it`, { process: proc.spec.name });
      child.kill('SIGKILL');
    }, this.stopTimeoutMs);
    await exited;
    clearTimeout(timer);
    this.log('info', `${proc.spec.name} stopped`, { process: proc.spec.name });
  }
}
