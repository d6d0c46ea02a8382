// The GST rules, computed by hand: tax out of inclusive prices, numbers and words, the seller settings.
import { GSTIN_MESSAGES, gstinProblem } from '@storefront/contract';
import { configProblems, DEV_INVOICE_SELLER, loadConfig } from '../src/config';
import { amountInWords, documentNumber, financialYear, rateFor, splitTax } from '../src/domain/invoices';
import { productionEnv } from './helpers';

describe('GST taken out of a GST-inclusive price', () => {
  it('₹1,049 at 5% within the state: CGST ₹24.98 + SGST ₹24.98 on ₹999.04', () => {
    // 104900 × 250 / 10500 = 2497.62 → 2498 paise each half; 104900 − 2 × 2498 = 99904.
    expect(splitTax(104900, 500, true)).toEqual({ taxable: 99904, cgst: 2498, sgst: 2498, igst: 0 });
  });

  it('₹1,049 at 5% to another state: IGST ₹49.95 on ₹999.05', () => {
    // 104900 × 500 / 10500 = 4995.24 → 4995 paise.
    expect(splitTax(104900, 500, false)).toEqual({ taxable: 99905, cgst: 0, sgst: 0, igst: 4995 });
  });

  it('₹2,999 at 18%: CGST + SGST ₹228.74 each within the state, IGST ₹457.47 across', () => {
    // 299900 × 900 / 11800 = 22873.73 → 22874; 299900 × 1800 / 11800 = 45747.46 → 45747.
    expect(splitTax(299900, 1800, true)).toEqual({ taxable: 254152, cgst: 22874, sgst: 22874, igst: 0 });
    expect(splitTax(299900, 1800, false)).toEqual({ taxable: 254153, cgst: 0, sgst: 0, igst: 45747 });
  });

  it('apparel pays 5% up to ₹2,500 a piece before tax and 18% above; the piece is judged, not the line', () => {
    const apparel = { rate_bp: 500, threshold_paise: 250_000, rate_above_bp: 1800 };
    expect(rateFor(apparel, 262_500, 1)).toBe(500); // ₹2,625 / 1.05 = ₹2,500.00
    expect(rateFor(apparel, 262_600, 1)).toBe(1800); // ₹2,626 / 1.05 = ₹2,500.95
    expect(rateFor(apparel, 5 * 199_900, 5)).toBe(500); // five shirts of ₹1,999
    expect(rateFor({ rate_bp: 1800, threshold_paise: null, rate_above_bp: null }, 10_000, 1)).toBe(1800);
  });
});

describe('numbers and words', () => {
  it('writes amounts in Indian numbering: thousand, lakh, crore, with paise', () => {
    expect(amountInWords(104900)).toBe('One Thousand Forty Nine Rupees Only');
    expect(amountInWords(12345678)).toBe('One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees And Seventy Eight Paise Only');
    expect(amountInWords(1_23_45_678_05)).toBe(
      'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees And Five Paise Only',
    );
  });

  it('numbers each series per financial year, April to March in Indian time, within 16 characters', () => {
    expect(financialYear(Date.parse('2027-03-31T18:29:59Z'))).toBe('26-27'); // 23:59:59 IST on 31 March
    expect(financialYear(Date.parse('2027-03-31T18:30:00Z'))).toBe('27-28'); // midnight IST, 1 April
    expect(documentNumber('invoice', Date.parse('2026-11-27T10:00:00Z'), 123)).toBe('INV/26-27/000123');
    expect(documentNumber('credit_note', Date.parse('2026-11-27T10:00:00Z'), 7)).toBe('CN/26-27/000007');
    expect(documentNumber('invoice', 0, 999_999).length).toBeLessThanOrEqual(16);
  });

  it('checks a GSTIN: format, state code and the check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(GSTIN_MESSAGES.checkDigit);
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe(GSTIN_MESSAGES.state);
    expect(gstinProblem('27AAPFU0939F1Z')).toBe(GSTIN_MESSAGES.invalid);
  });
});

describe('the seller settings fail closed', () => {
  const env = (extra: Record<string, string>) =>
    productionEnv({ url: 'https://sms.example.in' }, { url: 'smtps://mail.example.in' }, extra);

  it('production without the seller refuses to start unless INVOICES=off', () => {
    const bare = env({ INVOICE_LEGAL_NAME: '', INVOICE_ADDRESS: '', INVOICE_STATE: '', INVOICE_GSTIN: '' });
    expect(configProblems(loadConfig(bare))).toEqual([
      expect.stringMatching(/^INVOICE_LEGAL_NAME, INVOICE_ADDRESS, INVOICE_STATE, INVOICE_GSTIN not set/),
    ]);
    expect(configProblems(loadConfig({ ...bare, INVOICES: 'off' }))).toEqual([]);
    expect(loadConfig({ ...bare, INVOICES: 'off' }).invoices.seller).toBeNull();
  });

  it('refuses a mistyped GSTIN, one of another state, and the development one', () => {
    expect(configProblems(loadConfig(env({ INVOICE_GSTIN: '27AAACB5678D1ZQ' })))).toEqual([expect.stringMatching(/typo/)]);
    expect(configProblems(loadConfig(env({ INVOICE_STATE: 'Karnataka' })))).toEqual([
      expect.stringMatching(/registered in state code 27, not Karnataka \(29\)/),
    ]);
    expect(configProblems(loadConfig(env({ INVOICE_STATE: 'Karnataka', INVOICE_GSTIN: DEV_INVOICE_SELLER.gstin })))).toEqual([
      expect.stringMatching(/development GSTIN/),
    ]);
    expect(configProblems(loadConfig(env({ INVOICE_STATE: 'Bombay' })))).toContainEqual(expect.stringMatching(/not an Indian state/));
  });
});
