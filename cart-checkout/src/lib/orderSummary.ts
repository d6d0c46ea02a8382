/**
 * Order summary arithmetic of spec §9, in paise so two-decimal rupee strings add up exactly:
 * a line's price is its total (unit × quantity); the unit amount shown is price ÷ quantity; the
 * discount is the applied coupon's; subtotal = price − discount; total = subtotal; shipping is Free.
 */
export interface SummaryLineInput {
  key: string;
  name: string;
  variation: string;
  /** Unit price, rupees with two decimals ("1299.00"). */
  unitPrice: string;
  quantity: number;
}

export interface SummaryLine {
  key: string;
  name: string;
  variation: string;
  quantity: number;
  /** Line total in rupees. */
  price: number;
  /** price ÷ quantity, in rupees. */
  unitAmount: number;
}

export interface OrderSummary {
  lines: SummaryLine[];
  price: number;
  discount: number;
  subtotal: number;
  total: number;
}

/** Rupees string or number → integer paise; anything unreadable counts as 0. */
export function toPaise(value: string | number): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

export function summarize(lines: SummaryLineInput[], discountRupees: string | number = 0): OrderSummary {
  let pricePaise = 0;
  const out: SummaryLine[] = lines.map((l) => {
    const quantity = Math.max(0, Math.floor(l.quantity));
    const linePaise = toPaise(l.unitPrice) * quantity;
    pricePaise += linePaise;
    return {
      key: l.key,
      name: l.name,
      variation: l.variation,
      quantity,
      price: linePaise / 100,
      unitAmount: quantity > 0 ? Math.round(linePaise / quantity) / 100 : 0,
    };
  });
  // A discount can never make the order negative.
  const discountPaise = Math.min(Math.max(0, toPaise(discountRupees)), pricePaise);
  const subtotalPaise = pricePaise - discountPaise;
  return {
    lines: out,
    price: pricePaise / 100,
    discount: discountPaise / 100,
    subtotal: subtotalPaise / 100,
    total: subtotalPaise / 100,
  };
}
