/**
 * A `tel:` link for a displayed number: only digits and plus signs survive ("+91 98765 43210" →
 * "tel:+919876543210"), the same cleaning spec §2 gives the chat link's phone number.
 */
export function telHref(mobile: string): string {
  return `tel:${mobile.replace(/[^\d+]/g, '')}`;
}
