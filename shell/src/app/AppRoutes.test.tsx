import { act, screen } from '@testing-library/react';
import { Link } from '@storefront/shared/router';
import type { PageModule } from '@storefront/shared';
import { renderWithStores } from '@storefront/shared/testing';
import { AppRoutes } from './App';
import { FirstCommitContext, SectionLoaderContext, type SectionLoader } from './sections';

const Home: PageModule = {
  default: () => (
    <>
      <h1>Festive picks</h1>
      <Link to="/products/kurta">Cotton kurta</Link>
    </>
  ),
};
const Product: PageModule = { default: () => <h1>Cotton kurta details</h1> };

/** A section loader whose Home has arrived and whose Product arrives when the test says so. */
function sectionsWithPendingProduct() {
  const arrived = new Map<string, PageModule>([['catalog/Home', Home]]);
  let arrive: () => void = () => undefined;
  const product = new Promise<PageModule>((resolve) => {
    arrive = () => {
      arrived.set('catalog/Product', Product);
      resolve(Product);
    };
  });
  const load = jest.fn((remote: string, module: string) => (`${remote}/${module}` === 'catalog/Product' ? product : Promise.resolve(Home)));
  const sections: SectionLoader = { load, peek: (r, m) => arrived.get(`${r}/${m}`), reset: () => undefined };
  return { sections, arrive: () => arrive() };
}

describe('AppRoutes: a client navigation', () => {
  it('keeps the current page on screen, with no spinner, until the next page has arrived, then shows it', async () => {
    const { sections, arrive } = sectionsWithPendingProduct();
    const { user } = renderWithStores(
      <SectionLoaderContext.Provider value={sections}>
        <FirstCommitContext.Provider value={() => undefined}>
          <AppRoutes />
        </FirstCommitContext.Provider>
      </SectionLoaderContext.Provider>,
    );
    expect(screen.getByRole('heading', { name: 'Festive picks' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Cotton kurta' }));
    // The product page's chunk is still on its way: the home stays, and no full-screen spinner covers it.
    expect(screen.getByRole('heading', { name: 'Festive picks' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Cotton kurta details' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Festive picks' })).not.toBeInTheDocument();
  });
});

describe('the full-screen spinner', () => {
  it('shows while the first page rendered in the browser has nothing painted yet', () => {
    const sections: SectionLoader = { load: () => new Promise<PageModule>(() => undefined), peek: () => undefined, reset: () => undefined };
    renderWithStores(
      <SectionLoaderContext.Provider value={sections}>
        <FirstCommitContext.Provider value={() => undefined}>
          <AppRoutes />
        </FirstCommitContext.Provider>
      </SectionLoaderContext.Provider>,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});
