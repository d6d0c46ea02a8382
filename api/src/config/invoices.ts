import { gstStateCode, gstinProblem } from '@storefront/contract';

/** The registered seller printed on every tax invoice (issue 39). */
export interface InvoiceSeller {
  legalName: string;
  address: string;
  /** A state name GST knows (contract GST_STATE_CODES): intra-state sales are taxed CGST + SGST. */
  state: string;
  gstin: string;
}

export interface InvoiceConfig {
  /** Null: INVOICES=off, the shop issues no tax invoices (not GST-registered). */
  seller: InvoiceSeller | null;
  problems: string[];
}

/** The development seller: a made-up GSTIN with a valid check character, refused in production. */
export const DEV_INVOICE_SELLER: InvoiceSeller = {
  legalName: 'Storefront Retail Private Limited',
  address: '12, 80 Feet Road, Koramangala, Bengaluru 560034',
  state: 'Karnataka',
  gstin: '29AABCS1234C1ZT',
};

/**
 * The tax invoice settings: INVOICE_LEGAL_NAME, INVOICE_ADDRESS, INVOICE_STATE and INVOICE_GSTIN, or
 * INVOICES=off for a shop that is not GST-registered. Fails closed: in production every one of them is
 * required (a registered seller must invoice every sale), the GSTIN must be valid, its state code must be
 * the state's, and the development seller is refused. Development falls back to DEV_INVOICE_SELLER.
 */
export function loadInvoiceConfig(env: NodeJS.ProcessEnv, dev: boolean): InvoiceConfig {
  const switchedOff = env.INVOICES?.trim().toLowerCase();
  if (switchedOff === 'off') return { seller: null, problems: [] };
  const problems: string[] = [];
  if (switchedOff && switchedOff !== 'on') problems.push(`INVOICES must be on or off, not ${env.INVOICES ?? ''}`);
  const missing: string[] = [];
  const pick = (name: string, fallback: string): string => {
    const value = env[name]?.trim().replace(/\s+/g, ' ');
    if (value) return value;
    if (!dev) missing.push(name);
    return dev ? fallback : '';
  };
  const seller: InvoiceSeller = {
    legalName: pick('INVOICE_LEGAL_NAME', DEV_INVOICE_SELLER.legalName),
    address: pick('INVOICE_ADDRESS', DEV_INVOICE_SELLER.address),
    state: pick('INVOICE_STATE', DEV_INVOICE_SELLER.state),
    gstin: pick('INVOICE_GSTIN', DEV_INVOICE_SELLER.gstin).toUpperCase(),
  };
  if (missing.length)
    problems.push(`${missing.join(', ')} not set: tax invoices need the seller (or set INVOICES=off if the shop is not GST-registered)`);
  const code = seller.state ? gstStateCode(seller.state) : undefined;
  if (seller.state && !code) problems.push(`INVOICE_STATE is not an Indian state or union territory GST knows: ${seller.state}`);
  if (seller.gstin) {
    const problem = gstinProblem(seller.gstin);
    if (problem) problems.push(`INVOICE_GSTIN ${seller.gstin}: ${problem}`);
    else if (code && seller.gstin.slice(0, 2) !== code)
      problems.push(`INVOICE_GSTIN ${seller.gstin} is registered in state code ${seller.gstin.slice(0, 2)}, not ${seller.state} (${code})`);
    if (!dev && seller.gstin === DEV_INVOICE_SELLER.gstin) problems.push("INVOICE_GSTIN is the development GSTIN: set the shop's own");
  }
  if (dev && problems.length) throw new Error(problems.join('; '));
  return { seller, problems };
}
