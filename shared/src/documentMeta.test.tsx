import { act, render } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { renderToString } from 'react-dom/server';
import { DocumentMetaContext, pageTitle, shortDescription, useDocumentMeta, useDocumentTitle, type DocumentMeta } from './documentMeta';
import { renderWithStores } from './testing';

function Meta({ title, description }: { title: string; description?: string }) {
  useDocumentMeta(title, description);
  return null;
}

const Titled = observer(function Titled({ page }: { page: string }) {
  useDocumentTitle(page);
  return null;
});

function descriptionContent(): string | null | undefined {
  return document.head.querySelector('meta[name="description"]')?.getAttribute('content');
}

describe('useDocumentMeta in the browser', () => {
  beforeEach(() => {
    // The head first: replacing it drops the <title> that setting document.title made.
    document.head.innerHTML = '<meta name="description" content="The default">';
    document.title = 'Storefront';
  });

  it('sets the title and description while the page is shown and puts the previous ones back', () => {
    const view = render(<Meta title="Shirts | Kirana" description="Shirts in every size" />);
    expect(document.title).toBe('Shirts | Kirana');
    expect(descriptionContent()).toBe('Shirts in every size');
    view.unmount();
    expect(document.title).toBe('Storefront');
    expect(descriptionContent()).toBe('The default');
  });

  it('leaves the description alone when the page gives none', () => {
    render(<Meta title="Cart" />);
    expect(document.title).toBe('Cart');
    expect(descriptionContent()).toBe('The default');
  });

  it('adds a description tag when the document has none', () => {
    document.head.innerHTML = '';
    render(<Meta title="Shop | Kirana" description="Everything in the shop" />);
    expect(descriptionContent()).toBe('Everything in the shop');
  });

  it('follows a changed title, and still restores the one from before the page', () => {
    const view = render(<Meta title="Page 1 | Kirana" />);
    view.rerender(<Meta title="Page 2 | Kirana" />);
    expect(document.title).toBe('Page 2 | Kirana');
    view.unmount();
    expect(document.title).toBe('Storefront');
  });

  it('useDocumentTitle names the store after the page, the default name until store info loads', async () => {
    const { store } = renderWithStores(<Titled page="Sign In" />);
    expect(document.title).toBe('Sign In | Storefront');
    await act(() => store.storeInfo.fetch());
    expect(document.title).toBe('Sign In | Test Bazaar');
  });
});

describe('useDocumentMeta in a server render', () => {
  it('records the title and description for the page head, and leaves the document alone', () => {
    document.title = 'untouched';
    const meta: DocumentMeta = {};
    renderToString(
      <DocumentMetaContext.Provider value={meta}>
        <Meta title="Chrome" />
        <Meta title="Classic Cotton T-Shirt | Kirana" description="Soft cotton, made in Tiruppur" />
      </DocumentMetaContext.Provider>,
    );
    expect(meta).toEqual({ title: 'Classic Cotton T-Shirt | Kirana', description: 'Soft cotton, made in Tiruppur' });
    expect(document.title).toBe('untouched');
  });

  it('keeps an earlier description when the page gives none', () => {
    const meta: DocumentMeta = {};
    renderToString(
      <DocumentMetaContext.Provider value={meta}>
        <Meta title="Chrome" description="The store's description" />
        <Meta title="Cart" />
      </DocumentMetaContext.Provider>,
    );
    expect(meta).toEqual({ title: 'Cart', description: "The store's description" });
  });

  it('with a collector, writes only the collector even where effects run', () => {
    document.head.innerHTML = '<meta name="description" content="The default">';
    document.title = 'untouched';
    const meta: DocumentMeta = {};
    render(
      <DocumentMetaContext.Provider value={meta}>
        <Meta title="Shirts | Kirana" description="Shirts in every size" />
      </DocumentMetaContext.Provider>,
    );
    expect(meta).toEqual({ title: 'Shirts | Kirana', description: 'Shirts in every size' });
    expect(document.title).toBe('untouched');
    expect(descriptionContent()).toBe('The default');
  });
});

describe('title and description text', () => {
  it('pageTitle', () => {
    expect(pageTitle('Shop', 'Kirana')).toBe('Shop | Kirana');
    expect(pageTitle('', 'Kirana')).toBe('Kirana');
  });

  it('shortDescription keeps short text, and cuts long text on a word boundary', () => {
    expect(shortDescription('  Soft   cotton\n tee ')).toBe('Soft cotton tee');
    expect(shortDescription('a'.repeat(160))).toBe('a'.repeat(160));
    // 20 words of 8 letters: the 160-character limit falls inside the 18th word, which is left out.
    expect(shortDescription('abcdefgh '.repeat(20))).toBe(`${Array(17).fill('abcdefgh').join(' ')}…`);
    // No space past the first half: cut mid-word rather than lose most of the text.
    expect(shortDescription('x'.repeat(200))).toBe(`${'x'.repeat(159)}…`);
    expect(shortDescription('abcdefgh '.repeat(20), 40)).toBe('abcdefgh abcdefgh abcdefgh abcdefgh abc…');
  });
});
