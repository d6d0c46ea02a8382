import { loadOnce } from '@storefront/shared';

/** The shared validation entry (yup and the spec §5 schemas), as a type: importing it for real loads it. */
export type Validation = typeof import('@storefront/shared/validation');

/**
 * yup and the schemas (about 13 KB gzip) are not part of the checkout's first screen (issue 19: TBT):
 * the page asks for them on the shopper's first input and waits for them where a message can show
 * (placing the order, sending or checking a code). One load, shared by the page's forms.
 */
export const loadValidation: () => Promise<Validation> = loadOnce(() => import('@storefront/shared/validation'));

/** Starts the load without waiting for it (a failure shows where the checks are awaited). */
export function prefetchValidation(): void {
  loadValidation().catch(() => undefined);
}
