import { DEFAULT_COD_RULES, codRefusal, codRefusalText, type CodRules } from '../src/cod';
import { deliveryWindow, formatDeliveryWindow, isIsoDate, type DeliverySchedule } from '../src/delivery';

/** An IST wall-clock time as epoch ms (IST is UTC+05:30 all year). */
const ist = (isoLocal: string) => Date.parse(`${isoLocal}+05:30`);
const shop: DeliverySchedule = { processingDays: 1, closingMinute: 20 * 60, holidays: [] };
const transit = { min: 1, max: 3 };

describe('deliveryWindow (IST, Sundays and holidays off, the closing hour)', () => {
  it('a Saturday order before closing is packed on Monday, not on the Sunday', () => {
    // 28 Nov 2026 is a Saturday.
    const w = deliveryWindow(ist('2026-11-28T10:00'), shop, transit);
    expect(w).toEqual({ from: '2026-12-01', to: '2026-12-03' });
    expect(formatDeliveryWindow(w)).toBe('Delivered by Tue 1 Dec – Thu 3 Dec');
    expect(deliveryWindow(ist('2026-11-28T19:59'), shop, transit)).toEqual(w);
  });

  it('an order at or after the closing hour is received on the next working day', () => {
    expect(deliveryWindow(ist('2026-11-28T20:00'), shop, transit)).toEqual({ from: '2026-12-02', to: '2026-12-04' });
    // Thursday evening → Friday received, shipped Saturday, arrives Monday (Sunday skipped).
    expect(deliveryWindow(ist('2026-11-26T21:30'), shop, { min: 1, max: 1 })).toEqual({ from: '2026-11-30', to: '2026-11-30' });
  });

  it('a Sunday order is received on Monday', () => {
    expect(deliveryWindow(ist('2026-11-29T09:00'), shop, transit)).toEqual({ from: '2026-12-02', to: '2026-12-04' });
  });

  it("skips the shop's holidays like Sundays", () => {
    const w = deliveryWindow(ist('2026-11-28T10:00'), { ...shop, holidays: ['2026-11-30', '2026-12-03'] }, transit);
    expect(w).toEqual({ from: '2026-12-02', to: '2026-12-05' });
  });

  it('counts the day in IST, not UTC: 00:30 IST Tuesday is Monday evening in UTC', () => {
    const w = deliveryWindow(Date.parse('2026-11-23T19:00:00Z'), { ...shop, processingDays: 0 }, { min: 0, max: 0 });
    expect(w).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(formatDeliveryWindow(w)).toBe('Delivered by Tue 24 Nov');
  });

  it('knows a real date from a typo', () => {
    expect(isIsoDate('2026-12-25')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('25-12-2026')).toBe(false);
  });
});

describe('codRefusal', () => {
  const rules: CodRules = { maxOrderValue: 500_000, fee: 4_900, rtoLimit: 2, otpAbove: 200_000 };
  const allowed = { orderValue: 100_000, pincodeCod: true, returnedParcels: 1, mobileProven: false };

  it('allows cash within every rule, and always with no rules set', () => {
    expect(codRefusal(rules, allowed)).toBeNull();
    expect(codRefusal(DEFAULT_COD_RULES, { ...allowed, orderValue: 10_000_000, returnedParcels: 99 })).toBeNull();
  });

  it('refuses by pincode, order value, returned parcels and an unproved mobile over the threshold', () => {
    expect(codRefusal(rules, { ...allowed, pincodeCod: false })).toBe('pincode');
    expect(codRefusal(rules, { ...allowed, orderValue: 500_001 })).toBe('order_value');
    expect(codRefusal(rules, { ...allowed, orderValue: 500_000, mobileProven: true })).toBeNull();
    expect(codRefusal(rules, { ...allowed, returnedParcels: 2 })).toBe('returns');
    expect(codRefusal(rules, { ...allowed, orderValue: 200_001 })).toBe('otp');
    expect(codRefusal(rules, { ...allowed, orderValue: 200_001, mobileProven: true })).toBeNull();
  });

  it('says why and offers prepaid only when the shop takes it', () => {
    const amount = (p: number) => `₹${p / 100}`;
    expect(codRefusalText('order_value', rules, amount)).toBe(
      'Cash on delivery is available for orders up to ₹5000. Please pay online (prepaid).',
    );
    expect(codRefusalText('pincode', rules, amount, false)).toBe('Cash on delivery is not available for this pincode.');
  });
});
