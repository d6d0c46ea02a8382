import { createContext, useContext, useEffect } from 'react';
import { useStores } from './stores/StoresProvider';

/** What a server render collects: the page's title and description (the last writer wins: the page renders after the chrome). */
export interface DocumentMeta {
  title?: string;
  description?: string;
  /** What a link to the page shows when shared (Open Graph, Twitter card): written into the server-rendered `<head>`. */
  social?: SocialMeta;
  /**
   * The page's LCP pictures (`<Picture priority>`), preloaded from the server-rendered `<head>` with the
   * same srcset and sizes as their `<img>`, so the browser fetches one file for both.
   */
  preloads?: ImagePreload[];
}

export interface ImagePreload {
  href: string;
  srcSet?: string;
  sizes?: string;
}

/** A product page's share card: its picture and price (issue 22). */
export interface SocialMeta {
  type: 'product';
  /** Absolute URL of the picture. */
  image?: string;
  /** Rupees, two decimals ("1299.00"). */
  price?: string;
  inStock?: boolean;
}

/**
 * Provided only by a server render (shell/src/server/render.tsx), which writes the collected title
 * and description into the page's `<head>`; absent in the browser.
 */
export const DocumentMetaContext = createContext<DocumentMeta | null>(null);

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  return tag;
}

/**
 * Sets the document title (and the meta description when given) while the page is shown, and puts
 * the previous ones back when it goes. During a server render, where effects never run, it records
 * them in the render's collector instead.
 */
export function useDocumentMeta(title: string, description?: string, social?: SocialMeta): void {
  const collector = useContext(DocumentMetaContext);
  if (collector) {
    collector.title = title;
    if (description !== undefined) collector.description = description;
    if (social) collector.social = social;
  }
  // Effects never run in a server render, but a provider can also wrap a browser render (a test, a
  // preview): the collector is then the one place written, as on the server.
  useEffect(() => {
    if (collector) return undefined;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [collector, title]);
  useEffect(() => {
    if (collector || description === undefined) return undefined;
    const tag = descriptionTag();
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [collector, description]);
}

/** "<page> | <store name>", the store name from the session's store info. */
export function useDocumentTitle(page: string, description?: string): void {
  const { storeInfo } = useStores();
  useDocumentMeta(pageTitle(page, storeInfo.storeName), description);
}

/** "Classic Cotton T-Shirt | Test Bazaar" (the store name alone for an empty page name). */
export function pageTitle(page: string, storeName: string): string {
  return page ? `${page} | ${storeName}` : storeName;
}

/** A description cut to what search engines show (about 160 characters), on a word boundary. */
export function shortDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
