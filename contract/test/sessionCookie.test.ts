import { encodeSessionCookie, parseSessionCookie, SESSION_COOKIE_MAX_LENGTH } from '../src/sessionCookie';

const TOKEN = 'Abc_def-0123456789abcdefghijklmnopqrstuvwxyz';

describe('the session cookie the edge renders personal pages with', () => {
  it('carries a signed-in token or a guest cart, and reads back what it wrote', () => {
    const signedIn = encodeSessionCookie({ token: TOKEN });
    expect(signedIn).toBe(`1.t.${TOKEN}`);
    expect(parseSessionCookie(signedIn)).toEqual({ token: TOKEN });
    const cart = [
      { slug: 'navy-leather-belt', variant: 12, quantity: 2 },
      { slug: 't-shirt-2', variant: 0, quantity: 1 },
    ];
    const guest = encodeSessionCookie({ cart });
    expect(guest).toBe('1.c.navy-leather-belt~12~2*t-shirt-2~0~1');
    expect(parseSessionCookie(guest)).toEqual({ cart });
  });

  it('writes nothing for an empty cart, a bad token or a session too large for a cookie', () => {
    expect(encodeSessionCookie({ cart: [] })).toBeNull();
    expect(encodeSessionCookie({ token: '' })).toBeNull();
    expect(encodeSessionCookie({ token: 'x'.repeat(257) })).toBeNull();
    expect(encodeSessionCookie({ token: 'has space in it 1234567' })).toBeNull();
    const many = Array.from({ length: 50 }, (_, i) => ({ slug: `${'x'.repeat(80)}-${i}`, variant: 1, quantity: 1 }));
    expect(encodeSessionCookie({ cart: many })).toBeNull();
    // Lines that cannot be named are left out, not the cart.
    expect(
      encodeSessionCookie({
        cart: [
          { slug: 'Bad Slug', variant: 1, quantity: 1 },
          { slug: 'ok', variant: 1, quantity: 1 },
        ],
      }),
    ).toBe('1.c.ok~1~1');
  });

  it.each([
    ['nothing', undefined],
    ['empty', ''],
    ['another version', `2.t.${TOKEN}`],
    ['an unknown kind', `1.x.${TOKEN}`],
    ['a token with a dot', `1.t.${TOKEN}.x`],
    ['a token with a quote', `1.t."${TOKEN}"`],
    ['an empty token', '1.t.'],
    ['a zero quantity', '1.c.belt~1~0'],
    ['a negative variant', '1.c.belt~-1~1'],
    ['a slug with markup', '1.c.<script>~1~1'],
    ['a line with a fourth part', '1.c.belt~1~1~1'],
    ['a line without its quantity', '1.c.belt~1'],
    ['too many lines', `1.c.${Array.from({ length: 51 }, () => 'a~1~1').join('*')}`],
    ['too long', `1.c.${'a'.repeat(SESSION_COOKIE_MAX_LENGTH)}~1~1`],
  ])('reads %s as no session', (_what, value) => {
    expect(parseSessionCookie(value)).toBeNull();
  });
});
