import { useEffect } from 'react';
import { ROUTES, isRemoteRoute, matches, type ShellRoute } from '../routeTable';
import type { SectionLoader } from './sections';

/** Starts loading a shell page's chunk (the same import its lazy component makes). */
export type ShellPageImporters = Record<ShellRoute['shell'], () => Promise<unknown>>;

/**
 * What a link leads to, as a chunk to load: the remote page or shell page of the route its path matches
 * (spec §2 route table; any other path is the not-found page). Null for another origin or a non-page link.
 */
export function pageChunkOf(href: string, base: string): { remote: string; module: string } | { shell: ShellRoute['shell'] } | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin || !/^https?:$/.test(url.protocol)) return null;
  const route = ROUTES.find((r) => matches(r.path, url.pathname));
  if (!route) return { shell: 'NotFound' };
  return isRemoteRoute(route) ? { remote: route.remote, module: route.module } : { shell: route.shell };
}

/**
 * Loads the next page's chunk as soon as the shopper shows the intent to go there (issue 19): the pointer
 * rests on a link, a finger touches it, or the keyboard focuses it. By the click (a mouse's hover comes
 * 100–300 ms before it, a touch ~50–100 ms) the module has usually arrived, so the navigation renders the
 * page at once (`RemotePage` takes an arrived module without suspending). One listener per event on the
 * document, each chunk asked for once; a failed load is forgotten so the click's own load reports it.
 */
export function usePrefetchOnIntent(sections: SectionLoader, shellPages: ShellPageImporters): void {
  useEffect(() => {
    const asked = new Set<string>();
    const onIntent = (event: Event) => {
      const target = event.target;
      const link = target instanceof Element ? target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const chunk = pageChunkOf(link.href, window.location.href);
      if (!chunk) return;
      const key = 'remote' in chunk ? `${chunk.remote}/${chunk.module}` : `shell/${chunk.shell}`;
      if (asked.has(key)) return;
      asked.add(key);
      const loading = 'remote' in chunk ? sections.load(chunk.remote, chunk.module) : shellPages[chunk.shell]();
      loading.catch(() => asked.delete(key));
    };
    const options = { capture: true, passive: true } as const;
    for (const type of ['pointerover', 'touchstart', 'focusin'] as const) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of ['pointerover', 'touchstart', 'focusin'] as const) document.removeEventListener(type, onIntent, options);
    };
  }, [sections, shellPages]);
}
