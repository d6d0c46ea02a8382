/**
 * The deployable sections: the shell, the three shop remotes and the back office (issue 38). Operators may name one by its Module Federation name
 * (`cart_checkout`), its folder (`cart-checkout`) or its package (`@storefront/cart-checkout`).
 */
import { isVersionName } from '@storefront/contract/seam';

export interface Section {
  /** Module Federation name: the key in remotes.json and the folder in the deploy root. */
  name: string;
  /** Workspace folder holding the package and its `dist/`. */
  folder: string;
  /** package.json name. */
  pkg: string;
  kind: 'shell' | 'remote';
}

export const SECTIONS: readonly Section[] = [
  { name: 'shell', folder: 'shell', pkg: '@storefront/shell', kind: 'shell' },
  { name: 'catalog', folder: 'catalog', pkg: '@storefront/catalog', kind: 'remote' },
  { name: 'cart_checkout', folder: 'cart-checkout', pkg: '@storefront/cart-checkout', kind: 'remote' },
  { name: 'account', folder: 'account', pkg: '@storefront/account', kind: 'remote' },
  { name: 'admin', folder: 'admin', pkg: '@storefront/admin', kind: 'remote' },
];

export class OpsError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'OpsError';
  }
}

export function findSection(input: string): Section | undefined {
  const key = input.trim().toLowerCase();
  return SECTIONS.find((s) => s.name === key || s.folder === key || s.pkg === key);
}

export function resolveSection(input: string | undefined): Section {
  if (!input) throw new OpsError(`name a section: ${SECTIONS.map((s) => s.name).join(', ')}`, 2);
  const s = findSection(input);
  if (!s) {
    throw new OpsError(
      `unknown section "${input}": use one of ${SECTIONS.map((x) => (x.folder === x.name ? x.name : `${x.name} (or ${x.folder})`)).join(', ')}`,
      2,
    );
  }
  return s;
}

/** Versions become folder and URL names: keep them to safe characters (the contract's pattern). */
export function checkVersionName(version: string): string {
  if (!isVersionName(version)) {
    throw new OpsError(`"${version}" is not a valid version name (letters, digits, . _ + - only)`, 2);
  }
  return version;
}
