import { EXPOSED_MODULES, type ExposedModule } from '@storefront/contract';
import { exposedModules } from '../build/exposes';

/** Every module the contract names for catalog, each with a file (what catalog/rspack.config.ts passes). */
const catalogFiles = Object.fromEntries(EXPOSED_MODULES.catalog.map((name) => [name, `./src/pages/${name}Page/${name}Page.tsx`])) as Record<
  ExposedModule<'catalog'>,
  string
>;

test('the exposes of a remote are the modules the contract names, keyed ./<name> with their chunk name', () => {
  const exposes = exposedModules('catalog', catalogFiles);
  expect(Object.keys(exposes)).toEqual(EXPOSED_MODULES.catalog.map((name) => `./${name}`));
  expect(exposes['./Product']).toEqual({ import: './src/pages/ProductPage/ProductPage.tsx', name: 'Product' });
});

test('a module the contract names but the config leaves out fails the build', () => {
  const { Product: _left, ...withoutProduct } = catalogFiles;
  // The cast stands for a config loaded without a typecheck (the typecheck refuses this map already).
  expect(() => exposedModules('catalog', withoutProduct as Record<ExposedModule<'catalog'>, string>)).toThrow(
    'catalog: exposes do not match EXPOSED_MODULES in @storefront/contract: the contract names Product but the config has no file for it.',
  );
});

test('a module the config exposes under a name the contract does not know fails the build', () => {
  const renamed = { ...catalogFiles, Wishlist: './src/pages/WishlistPage/WishlistPage.tsx' };
  expect(() => exposedModules('catalog', renamed)).toThrow('the config exposes Wishlist which the contract does not name');
});
