import { fireEvent, render, screen } from '@testing-library/react';
import type { PageModule } from '@storefront/shared';
import { pageChunkOf, usePrefetchOnIntent, type ShellPageImporters } from './prefetch';
import type { SectionLoader } from './sections';

const BASE = 'http://shop.test/';

describe('pageChunkOf', () => {
  it('names the remote page or shell page of a same-origin link from the route table', () => {
    expect(pageChunkOf('/products/cotton-kurta?variant=3', BASE)).toEqual({ remote: 'catalog', module: 'Product' });
    expect(pageChunkOf('/my-account/orders', BASE)).toEqual({ remote: 'account', module: 'MyAccount' });
    expect(pageChunkOf('/faq', BASE)).toEqual({ shell: 'Faq' });
    expect(pageChunkOf('/no-such-page', BASE)).toEqual({ shell: 'NotFound' });
  });

  it('ignores other origins and non-web links', () => {
    expect(pageChunkOf('https://www.instagram.com/storefront.india', BASE)).toBeNull();
    expect(pageChunkOf('mailto:support@storefront.test', BASE)).toBeNull();
    expect(pageChunkOf('tel:+919876543210', BASE)).toBeNull();
  });
});

function Links({ sections, shellPages }: { sections: SectionLoader; shellPages: ShellPageImporters }) {
  usePrefetchOnIntent(sections, shellPages);
  return (
    <nav>
      <a href="/products/cotton-kurta">
        <span>Cotton kurta</span>
      </a>
      <a href="/products/silk-saree">Silk saree</a>
      <a href="/faq">FAQ</a>
      <a href="https://twitter.com/storefront_in">Twitter</a>
    </nav>
  );
}

function setup(load: SectionLoader['load']) {
  const sections: SectionLoader = { load: jest.fn(load), peek: () => undefined, reset: () => undefined };
  const faq = jest.fn(() => Promise.resolve({}));
  const shellPages = {
    Faq: faq,
    Terms: jest.fn(),
    PrivacyPolicy: jest.fn(),
    Support: jest.fn(),
    Contacts: jest.fn(),
    NotFound: jest.fn(),
  } as unknown as ShellPageImporters;
  render(<Links sections={sections} shellPages={shellPages} />);
  return { load: sections.load as jest.Mock, faq };
}

const Product: PageModule = { default: () => null };

describe('usePrefetchOnIntent', () => {
  it('loads the page a link leads to when the pointer rests on it, a finger touches it or it gets focus — once per page', () => {
    const { load, faq } = setup(() => Promise.resolve(Product));
    fireEvent.pointerOver(screen.getByText('Cotton kurta'));
    expect(load).toHaveBeenCalledWith('catalog', 'Product');
    fireEvent.touchStart(screen.getByRole('link', { name: 'Silk saree' }));
    expect(load).toHaveBeenCalledTimes(1);
    screen.getByRole('link', { name: 'FAQ' }).focus();
    expect(faq).toHaveBeenCalledTimes(1);
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Twitter' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load, so the click still tries', async () => {
    const { load } = setup(() => Promise.reject(new Error('remote down')));
    fireEvent.pointerOver(screen.getByText('Cotton kurta'));
    await Promise.resolve();
    await Promise.resolve();
    fireEvent.pointerOver(screen.getByText('Cotton kurta'));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
