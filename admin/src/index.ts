// Async boundary: shared singletons (react, the router, @storefront/shared) are negotiated by the
// Module Federation runtime before any of them is evaluated.
void import('./bootstrap');
