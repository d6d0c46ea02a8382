/**
 * The client network an address belongs to, for counting clients (rate limits, distinct reporters): an
 * IPv4 address is itself, an IPv6 address is its /64. One subscriber (an Indian carrier's phone, a home
 * line) is given a whole /64, so counting IPv6 addresses one by one gives each client 2^64 buckets.
 * IPv4-mapped IPv6 (`::ffff:1.2.3.4`, how a dual-stack socket reports IPv4) is the IPv4 address.
 * Pure and dependency-free: the API, the edge host and the telemetry all key on it.
 */
export function clientNetwork(address: string): string {
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (!bare.includes(':')) return bare;
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  const hextets = ipv6Hextets(bare);
  if (!hextets) return bare;
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 counts as two), or null if malformed. */
function ipv6Hextets(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (/^\d{1,3}(\.\d{1,3}){3}$/.test(g)) {
        const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
        out.push(a * 256 + b, c * 256 + d);
      } else if (/^[0-9a-f]{1,4}$/.test(g)) out.push(parseInt(g, 16));
      else return null;
    }
    return out;
  };
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}
