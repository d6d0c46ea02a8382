import type { StoreInfoFields } from '@storefront/shared';

/**
 * A `tel:` link for a displayed number: only digits and plus signs survive ("+91 98765 43210" →
 * "tel:+919876543210"), the same cleaning spec §2 gives the chat link's phone number.
 */
export function telHref(mobile: string): string {
  return `tel:${mobile.replace(/[^\d+]/g, '')}`;
}

export type SocialNetwork = 'Facebook' | 'Instagram' | 'Twitter';

/** The store's social links in the spec §2 order; an empty URL stays empty (callers choose '#' or omit it). */
export function socialLinks(info: StoreInfoFields): { label: SocialNetwork; href: string }[] {
  return [
    { label: 'Facebook', href: info.facebook_url },
    { label: 'Instagram', href: info.instagram_url },
    { label: 'Twitter', href: info.twitter_url },
  ];
}
