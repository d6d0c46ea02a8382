import { loadOnce } from '../loadOnce';

/** The shared validation entry (yup and the spec §5 schemas), as a type: importing it for real loads it. */
export type Validation = typeof import('@storefront/shared/validation');

/**
 * yup and the schemas (docs/performance.md: "yup only with forms") are not part of any first screen: a
 * form asks for them on its first input and waits for them where a message can show. One load for every
 * form of every section (the entry is a federation singleton); a failed load is tried again next time.
 */
export const loadValidation: () => Promise<Validation> = loadOnce(() => import('@storefront/shared/validation'));

/** Starts the load without waiting for it (a failure shows where the checks are awaited). */
export function prefetchValidation(): void {
  loadValidation().catch(() => undefined);
}
