import { formatMoney, toRupees, addMoney, lineTotal } from './money';
import { formatStatus } from './status';
import { textColorFor } from './color';
import { coverImageOf, imageList, PLACEHOLDER_IMAGE, variationLabels } from './images';
import { chatEnquiryLink } from './chat';
import { summarizeOrder, summarizeLines, paymentMethodLabel, newestFirst } from './order';

describe('money', () => {
  it('shows rupees with the sign, Indian grouping and two decimals', () => {
    expect(formatMoney('1299')).toBe('₹1,299.00');
    expect(formatMoney(123456.5)).toBe('₹1,23,456.50');
    expect(formatMoney(10_000, { whole: true })).toBe('₹10,000');
    expect(formatMoney(123456, { whole: true })).toBe('₹1,23,456');
    expect(formatMoney('garbage')).toBe('₹0.00');
    expect(formatMoney(null)).toBe('₹0.00');
  });
  it("writes exactly what Intl.NumberFormat('en-IN') writes, without making an Intl object", () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    // A fresh copy of the module, evaluated while the spy watches (the page evaluates it at start-up).
    let format = formatMoney;
    jest.isolateModules(() => {
      format = jest.requireActual<typeof import('./money')>('./money').formatMoney;
    });
    const cases = [
      0, 0.5, 0.004, 0.005, 1.005, 2.675, 999, 999.995, 1000, 99_999.99, 1_00_000, 12_34_567.891, 9_99_99_999.5, -1234.5, -0.5,
    ];
    // And values as the catalogue carries them: paise, from ₹0.01 to about ₹1 crore (a fixed pseudo-random walk).
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647;
      cases.push((seed % 1_000_000_000) / 100);
    }
    const got = cases.map((v) => [format(v), format(v, { whole: true })]);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const intlWhole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    expect(got).toEqual(cases.map((v) => [`₹${intl.format(v)}`, `₹${intlWhole.format(v)}`]));
    // Where Intl writes "-0.00" (a negative amount that rounds to nothing), the shop writes no sign.
    expect(formatMoney(-0.004)).toBe('₹0.00');
  });
  it('adds in paise without floating drift', () => {
    expect(addMoney('0.10', '0.20')).toBe(0.3);
    expect(lineTotal('19.99', 3)).toBe(59.97);
    expect(toRupees('₹1,299.50')).toBe(1299.5);
  });
});

describe('formatStatus (spec §4)', () => {
  it('turns snake_case into Title Case words', () => {
    expect(formatStatus('order_placed')).toBe('Order Placed');
    expect(formatStatus('dispatched_from_retailer')).toBe('Dispatched From Retailer');
    expect(formatStatus('')).toBe('');
  });
});

describe('textColorFor (spec §5)', () => {
  it('uses dark text on bright and light text on dark backgrounds', () => {
    expect(textColorFor('#ffffff')).toBe('#111111');
    expect(textColorFor('#111111')).toBe('#ffffff');
    expect(textColorFor('#fff')).toBe('#111111');
    expect(textColorFor('#000')).toBe('#ffffff');
  });
  it('treats brightness 128 as bright', () => {
    // (299+587+114)*128/1000 = 128 exactly
    expect(textColorFor('#808080')).toBe('#111111');
    expect(textColorFor('#7f7f7f')).toBe('#ffffff');
  });
  it('gives #111111 for other lengths, missing or non-string values', () => {
    expect(textColorFor('#12345')).toBe('#111111');
    expect(textColorFor(undefined)).toBe('#111111');
    expect(textColorFor(42)).toBe('#111111');
    expect(textColorFor('#zzzzzz')).toBe('#111111');
  });
});

describe('images and variations (spec §3)', () => {
  it('takes the cover, else the first image, else the placeholder', () => {
    expect(coverImageOf({ cover_image: '/a.svg', product_images: '/b.svg' })).toBe('/a.svg');
    expect(coverImageOf({ cover_image: null, product_images: ' /b.svg , /c.svg' })).toBe('/b.svg');
    expect(coverImageOf({ cover_image: '', product_images: '' })).toBe(PLACEHOLDER_IMAGE);
    expect(imageList('/a.svg,, /b.svg ')).toEqual(['/a.svg', '/b.svg']);
  });
  it('de-duplicates and trims variation labels', () => {
    expect(variationLabels(['S, M,L', ' M , XL', null, ''])).toEqual(['S', 'M', 'L', 'XL']);
  });
});

describe('chat enquiry link (spec §2)', () => {
  it('keeps digits and plus in the phone and links the product with its variant', () => {
    const link = chatEnquiryLink({ storeUrl: 'https://shop.in/', slug: 'tee', phone: '+91 98765-43210', variant: 'M' });
    expect(link).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    expect(decodeURIComponent(link!.split('text=')[1]!)).toContain('https://shop.in/products/tee?variant=M');
  });
  it('does not open and logs when something is missing', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(chatEnquiryLink({ storeUrl: 'https://shop.in', slug: 'tee', phone: '' })).toBeNull();
    expect(spy).toHaveBeenCalledWith('Missing product name, URL, or phone number');
    spy.mockRestore();
  });
});

describe('order summary (spec §9)', () => {
  it('unit amount is price ÷ quantity, subtotal is price − discount, total = subtotal', () => {
    expect(summarizeOrder({ price: '998.00', quantity: 2, discount_amount: '99.80' })).toEqual({
      unitAmount: 499,
      discount: 99.8,
      subtotal: 898.2,
      total: 898.2,
    });
  });
  it('sums lines and caps the discount at the price', () => {
    const s = summarizeLines([{ key: 'a', name: 'A', variation: 'M', unitPrice: '100.10', quantity: 3 }], '500');
    expect(s.price).toBe(300.3);
    expect(s.discount).toBe(300.3);
    expect(s.total).toBe(0);
  });
  it('labels cod and prepaid, sorts newest first', () => {
    expect(paymentMethodLabel('cod')).toBe('COD');
    expect(paymentMethodLabel('upi')).toBe('Prepaid');
    const sorted = newestFirst([
      { order_id: 1, order_date: '2026-01-01' },
      { order_id: 2, order_date: '2026-03-01' },
    ]);
    expect(sorted.map((o) => o.order_id)).toEqual([2, 1]);
  });
});
