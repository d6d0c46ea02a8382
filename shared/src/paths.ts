/**
 * Routes of spec §2 and their link builders live in `@storefront/contract` (the shell's route table and
 * the start-up prefetch read the same patterns); components import them from here.
 */
export { paths, SHOP_QUERY, type ShopQuery } from '@storefront/contract/routes';
