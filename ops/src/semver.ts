/**
 * A small semver range check, enough for the `requiredVersion` ranges Module Federation records in
 * `mf-manifest.json` (`^19.3.1`, `~1.2`, `>=1 <2`, `1.x`, `*`, `a || b`, `1.0.0 - 2.0.0`).
 * Written here so the ops package needs no dependency (the workspace lockfile belongs to everyone).
 *
 * Pre-releases follow npm's rule: a pre-release version only satisfies a comparator set in which
 * some comparator names a pre-release of the same major.minor.patch.
 */

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  prerelease: (string | number)[];
}

const VERSION_RE = /^\s*[v=]?\s*(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?\s*$/;

export function parseVersion(input: string): SemVer | null {
  const m = VERSION_RE.exec(input);
  if (!m) return null;
  return {
    major: Number(m[1]),
    minor: Number(m[2]),
    patch: Number(m[3]),
    prerelease: m[4] ? m[4].split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : [],
  };
}

function comparePre(a: (string | number)[], b: (string | number)[]): number {
  if (!a.length && !b.length) return 0;
  if (!a.length) return 1; // a release is greater than any of its pre-releases
  if (!b.length) return -1;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x < y ? -1 : 1;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

export function compare(a: SemVer, b: SemVer): number {
  if (a.major !== b.major) return a.major < b.major ? -1 : 1;
  if (a.minor !== b.minor) return a.minor < b.minor ? -1 : 1;
  if (a.patch !== b.patch) return a.patch < b.patch ? -1 : 1;
  return comparePre(a.prerelease, b.prerelease);
}

type Op = '<' | '<=' | '>' | '>=' | '=';
interface Comparator {
  op: Op;
  v: SemVer;
}

/** A partial version from a range: `1`, `1.2`, `1.2.x`, `*`, `1.2.3-beta.1`. */
interface Partial {
  major: number | null;
  minor: number | null;
  patch: number | null;
  prerelease: (string | number)[];
}

const PARTIAL_RE = /^[v=]?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

function parsePartial(s: string): Partial | null {
  if (s === '' || s === '*' || s === 'x' || s === 'X') return { major: null, minor: null, patch: null, prerelease: [] };
  const m = PARTIAL_RE.exec(s);
  if (!m) return null;
  const num = (x: string | undefined): number | null => (x === undefined || /^[xX*]$/.test(x) ? null : Number(x));
  const major = num(m[1]);
  const minor = major === null ? null : num(m[2]);
  const patch = minor === null ? null : num(m[3]);
  return {
    major,
    minor,
    patch,
    prerelease: m[4] && patch !== null ? m[4].split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : [],
  };
}

const v = (major: number, minor: number, patch: number, prerelease: (string | number)[] = []): SemVer => ({
  major,
  minor,
  patch,
  prerelease,
});
/** The lowest version above every release of the given numbers: `<2.0.0-0` excludes 2.0.0 pre-releases. */
const below = (major: number, minor: number, patch: number): Comparator => ({ op: '<', v: v(major, minor, patch, [0]) });

function expandOne(op: string, p: Partial): Comparator[] | null {
  const { major, minor, patch, prerelease } = p;
  if (op === '^') {
    if (major === null) return [];
    if (major > 0 || minor === null) {
      return [{ op: '>=', v: v(major, minor ?? 0, patch ?? 0, prerelease) }, below(major + 1, 0, 0)];
    }
    if (minor > 0 || patch === null) {
      return [{ op: '>=', v: v(0, minor, patch ?? 0, prerelease) }, below(0, minor + 1, 0)];
    }
    return [{ op: '>=', v: v(0, 0, patch, prerelease) }, below(0, 0, patch + 1)];
  }
  if (op === '~') {
    if (major === null) return [];
    if (minor === null) return [{ op: '>=', v: v(major, 0, 0) }, below(major + 1, 0, 0)];
    return [{ op: '>=', v: v(major, minor, patch ?? 0, prerelease) }, below(major, minor + 1, 0)];
  }
  if (op === '' || op === '=') {
    if (major === null) return [];
    if (minor === null) return [{ op: '>=', v: v(major, 0, 0) }, below(major + 1, 0, 0)];
    if (patch === null) return [{ op: '>=', v: v(major, minor, 0) }, below(major, minor + 1, 0)];
    return [{ op: '=', v: v(major, minor, patch, prerelease) }];
  }
  if (op === '>' || op === '>=' || op === '<' || op === '<=') {
    if (major === null) return op === '<' || op === '>' ? [{ op: '<', v: v(0, 0, 0, [0]) }] : [];
    if (minor === null || patch === null) {
      // Partial bounds: `>1.2` means `>=1.3.0`, `<=1.2` means `<1.3.0`, `>=1.2` means `>=1.2.0`, `<1.2` `<1.2.0-0`.
      const lo = v(major, minor ?? 0, 0);
      const next = minor === null ? v(major + 1, 0, 0) : v(major, minor + 1, 0);
      if (op === '>=') return [{ op: '>=', v: lo }];
      if (op === '>') return [{ op: '>=', v: next }];
      if (op === '<') return [{ op: '<', v: { ...lo, prerelease: [0] } }];
      return [{ op: '<', v: { ...next, prerelease: [0] } }];
    }
    return [{ op, v: v(major, minor, patch, prerelease) }];
  }
  return null;
}

/** Parses one `||`-free comparator set into comparators; null when the text is not a range. */
function parseSet(set: string): Comparator[] | null {
  const s = set.trim();
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(s);
  if (hyphen) {
    const lo = parsePartial(hyphen[1] ?? '');
    const hi = parsePartial(hyphen[2] ?? '');
    if (!lo || !hi) return null;
    const a = expandOne('>=', lo);
    const b = expandOne('<=', hi);
    return a && b ? [...a, ...b] : null;
  }
  const tokens = s.replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').split(/\s+/).filter(Boolean);
  const out: Comparator[] = [];
  for (const t of tokens) {
    const m = /^(>=|<=|>|<|=|\^|~>?|)(.*)$/.exec(t);
    if (!m) return null;
    const op = m[1] === '~>' ? '~' : (m[1] ?? '');
    const p = parsePartial(m[2] ?? '');
    if (!p) return null;
    const c = expandOne(op, p);
    if (!c) return null;
    out.push(...c);
  }
  return out;
}

function test(c: Comparator, ver: SemVer): boolean {
  const r = compare(ver, c.v);
  switch (c.op) {
    case '<':
      return r < 0;
    case '<=':
      return r <= 0;
    case '>':
      return r > 0;
    case '>=':
      return r >= 0;
    case '=':
      return r === 0;
  }
}

function setAllows(set: Comparator[], ver: SemVer): boolean {
  if (!set.every((c) => test(c, ver))) return false;
  if (!ver.prerelease.length) return true;
  // A pre-release only matches when the set names a pre-release of the same release triple.
  return set.some(
    (c) =>
      c.v.prerelease.length > 0 &&
      !(c.v.prerelease.length === 1 && c.v.prerelease[0] === 0 && c.op === '<') &&
      c.v.major === ver.major &&
      c.v.minor === ver.minor &&
      c.v.patch === ver.patch,
  );
}

/** True when the text parses as a range this module understands. */
export function validRange(range: string): boolean {
  return range.split('||').every((s) => parseSet(s) !== null);
}

/**
 * Does `version` satisfy `range`? Throws on text that is not a version or a range (for example
 * `workspace:*`), so a caller can tell "incompatible" from "unreadable".
 */
export function satisfies(version: string, range: string): boolean {
  const ver = parseVersion(version);
  if (!ver) throw new Error(`not a version: ${version}`);
  const sets = range.split('||').map((s) => parseSet(s));
  if (sets.some((s) => s === null)) throw new Error(`not a version range: ${range}`);
  return (sets as Comparator[][]).some((set) => setAllows(set, ver));
}
