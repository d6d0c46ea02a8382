import { clientNetwork } from '../src/network';

describe('clientNetwork', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    const one = clientNetwork('2401:4900:1c2a:8f3e::1');
    expect(one).toBe('2401:4900:1c2a:8f3e::/64');
    for (const same of ['2401:4900:1c2a:8f3e:dead:beef:1:2', '2401:4900:1C2A:8F3E:0:0:0:ffff', '[2401:4900:1c2a:8f3e::9]']) {
      expect(clientNetwork(same)).toBe(one);
    }
    expect(clientNetwork('2401:4900:1c2a:8f3f::1')).not.toBe(one);
    expect(clientNetwork('2401:4900:0:0:ffff::1')).toBe('2401:4900:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps IPv4, also mapped into IPv6, as the address itself', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('leaves what is not an address as it is (still one bucket, never a crash)', () => {
    expect(clientNetwork('not-an-address')).toBe('not-an-address');
    expect(clientNetwork('1::2::3')).toBe('1::2::3');
  });
});
