/**
 * Chat enquiry link (spec §2 overlays): a WhatsApp-style message link about a product. The phone keeps
 * only digits and '+'; the product link has the shape {store}/products/{slug}[?variant=…]. Returns null
 * (and logs the spec's error) when the slug, phone or store URL is missing.
 */
export function chatEnquiryLink(input: {
  storeUrl: string | null | undefined;
  slug: string | null | undefined;
  phone: string | null | undefined;
  productName?: string;
  variant?: string;
}): string | null {
  const phone = (input.phone ?? '').replace(/[^\d+]/g, '');
  const store = (input.storeUrl ?? '').replace(/\/$/, '');
  if (!input.slug || !phone || !store) {
    console.error('Missing product name, URL, or phone number');
    return null;
  }
  const q = input.variant ? `?variant=${encodeURIComponent(input.variant)}` : '';
  const link = `${store}/products/${encodeURIComponent(input.slug)}${q}`;
  const text = `Hello, I would like to know more about ${input.productName ?? input.slug}: ${link}`;
  return `https://wa.me/${phone.replace(/^\+/, '')}?text=${encodeURIComponent(text)}`;
}
