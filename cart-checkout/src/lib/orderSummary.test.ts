import { summarize, toPaise } from './orderSummary';

describe('order summary (spec §9)', () => {
  const lines = [
    { key: 'a', name: 'Kurta', variation: 'M', unitPrice: '1299.00', quantity: 2 },
    { key: 'b', name: 'Cap', variation: '', unitPrice: '349.50', quantity: 1 },
  ];

  it('unit amount is price ÷ quantity, subtotal is price − discount, total equals subtotal', () => {
    const s = summarize(lines, '294.85');
    expect(s.lines[0]).toMatchObject({ price: 2598, unitAmount: 1299, quantity: 2 });
    expect(s.lines[1]).toMatchObject({ price: 349.5, unitAmount: 349.5 });
    expect(s.price).toBe(2947.5);
    expect(s.discount).toBe(294.85);
    expect(s.subtotal).toBe(2652.65);
    expect(s.total).toBe(s.subtotal);
  });

  it('without a coupon the discount is 0 and the total is the price', () => {
    const s = summarize(lines);
    expect(s.discount).toBe(0);
    expect(s.total).toBe(2947.5);
  });

  it('a discount never makes the total negative', () => {
    expect(summarize(lines.slice(1), '1000.00').total).toBe(0);
  });

  it('reads rupee strings as exact paise', () => {
    expect(toPaise('0.10') + toPaise('0.20')).toBe(30);
    expect(toPaise('not a number')).toBe(0);
  });
});
