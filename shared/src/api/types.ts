/** The wire types live in `@storefront/contract` (the API server imports the same file); shared re-exports them. */
export type * from '@storefront/contract/wire';
export type * from '@storefront/contract/gst';
