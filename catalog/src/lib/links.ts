/** True for a path on this site ('/shop?…'), which the router can follow without a page load. */
export function isInternalLink(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
