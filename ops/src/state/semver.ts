/**
 * Version checks for `activate` (shared singletons against the live shell), on npm's `semver`: the same
 * rules npm and Module Federation apply. One difference on purpose: text that is not a version or a
 * range (`workspace:*`, `latest`) throws, so it is reported as a broken build rather than taken as
 * "incompatible".
 */
import semver from 'semver';

/** True when `range` is a version range npm would accept ('' means any version). */
export function validRange(range: string): boolean {
  return semver.validRange(range) !== null;
}

/** Does `version` satisfy `range`? Pre-releases only match a range naming the same major.minor.patch. */
export function satisfies(version: string, range: string): boolean {
  const v = semver.valid(semver.clean(version) ?? version);
  if (!v) throw new Error(`"${version}" is not a version`);
  if (!validRange(range)) throw new Error(`"${range}" is not a version range`);
  return semver.satisfies(v, range);
}
