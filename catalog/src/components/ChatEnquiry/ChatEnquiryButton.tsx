import { chatEnquiryLink } from '@storefront/shared';

export interface ChatEnquiryButtonProps {
  slug: string;
  productName: string;
  /** The chosen variant's label (spec §2: the product link carries it). */
  variant?: string;
  /** The store's mobile number (store info `mobile_no`). */
  phone: string;
  /** The shop's public origin the product link is built on. */
  storeUrl: string;
}

/**
 * Chat enquiry (spec §2 overlays): opens a chat message about the product in a new tab. The link is
 * built at the click, so a missing slug, phone or URL logs the spec's error then and opens nothing.
 */
export function ChatEnquiryButton({ slug, productName, variant, phone, storeUrl }: ChatEnquiryButtonProps) {
  const open = () => {
    const link = chatEnquiryLink({ storeUrl, slug, phone, productName, variant });
    if (link) window.open(link, '_blank', 'noopener,noreferrer');
  };
  return (
    <button type="button" className="sf-button sf-button--ghost cat-chat" onClick={open}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3zm0 16.2a7.2 7.2 0 0 1-3.7-1l-.3-.2-2.7.7.7-2.6-.2-.3A7.2 7.2 0 1 1 12 19.2z"
        />
      </svg>
      Enquire on chat
    </button>
  );
}
