/**
 * The GST classification of the demo categories (issue 39): HSN code and rate, with the GST Council's
 * rates from 22 September 2025. Apparel and footwear pay 5% up to ₹2,500 of value per piece (per pair) and
 * 18% above it; fabrics (sarees) and headgear 5%; watches, bags, wallets and sunglasses 18%. Rates are in
 * basis points (500 = 5%); the threshold in paise of value before tax. The owner's accountant has the last
 * word: the table is the owner's to change (docs/invoices.md).
 */
export interface GstRateSeed {
  hsn: string;
  rate_bp: number;
  threshold_paise: number | null;
  rate_above_bp: number | null;
}

const apparel = (hsn: string): GstRateSeed => ({ hsn, rate_bp: 500, threshold_paise: 250_000, rate_above_bp: 1800 });
const flat = (hsn: string, rate_bp: number): GstRateSeed => ({ hsn, rate_bp, threshold_paise: null, rate_above_bp: null });

/** By category slug (seed/catalogue.ts). */
export const GST_RATES_BY_CATEGORY: Readonly<Record<string, GstRateSeed>> = {
  't-shirts': apparel('6109'),
  shirts: apparel('6205'),
  denims: apparel('6203'),
  kurtas: apparel('6204'),
  'mens-shoes': apparel('6403'),
  'womens-footwear': apparel('6404'),
  sarees: flat('5007', 500),
  caps: flat('6505', 500),
  'mens-watch': flat('9102', 1800),
  'womens-watch': flat('9102', 1800),
  handbags: flat('4202', 1800),
  wallet: flat('4202', 1800),
  backpacks: flat('4202', 1800),
  sunglasses: flat('9004', 1800),
  belts: flat('4203', 1800),
};
