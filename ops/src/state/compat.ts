/**
 * The compatibility guard run before `activate`: every shared singleton a remote requires (the
 * `requiredVersion` in its `mf-manifest.json`) must be satisfied by the version the live shell
 * provides (the `version` of the same package in the shell's manifest). With `shareStrategy:
 * 'loaded-first'` the shell's copy is the one every section uses, so a remote built against another
 * major would run on a React or MobX it was never built for.
 */
import { readJsonFile } from './jsonFiles';
import { satisfies } from './semver';

export interface SharedItem {
  name: string;
  version: string;
  singleton: boolean;
  requiredVersion: string | false;
}

export interface ManifestShape {
  name?: string;
  shared?: unknown[];
}

export function sharedFromManifest(manifest: ManifestShape | null): SharedItem[] {
  const out: SharedItem[] = [];
  for (const raw of manifest?.shared ?? []) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Record<string, unknown>;
    if (typeof r.name !== 'string') continue;
    out.push({
      name: r.name,
      version: typeof r.version === 'string' ? r.version : '',
      singleton: r.singleton === true,
      requiredVersion: typeof r.requiredVersion === 'string' ? r.requiredVersion : false,
    });
  }
  return out;
}

export async function readShared(manifestFile: string): Promise<SharedItem[] | null> {
  const m = await readJsonFile<ManifestShape>(manifestFile);
  return m ? sharedFromManifest(m) : null;
}

export interface Party {
  /** e.g. "catalog 0.2.0-b7" or "the live shell 0.1.0-b3" */
  label: string;
  shared: SharedItem[];
}

/**
 * Problems, one line each, naming the package, what the consumer requires and what the provider has:
 * `react: catalog 0.2.0-b7 requires ^20.0.0, but the live shell 0.1.0-b3 provides 19.3.1`.
 */
export function checkSingletons(consumer: Party, provider: Party): string[] {
  const problems: string[] = [];
  const provided = new Map(provider.shared.map((s) => [s.name, s]));
  for (const req of consumer.shared) {
    if (!req.singleton || req.requiredVersion === false || req.requiredVersion === '') continue;
    const have = provided.get(req.name);
    // Not shared by the shell: the remote brings (and uses) its own copy; nothing to negotiate.
    if (!have || !have.version) continue;
    let ok: boolean;
    try {
      ok = satisfies(have.version, req.requiredVersion);
    } catch (err) {
      problems.push(
        `${req.name}: cannot compare ${consumer.label}'s requirement "${req.requiredVersion}" with ${provider.label}'s ${have.version} (${(err as Error).message})`,
      );
      continue;
    }
    if (!ok) {
      problems.push(`${req.name}: ${consumer.label} requires ${req.requiredVersion}, but ${provider.label} provides ${have.version}`);
    }
  }
  return problems;
}
