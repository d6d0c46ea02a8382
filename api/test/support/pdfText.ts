import zlib from 'node:zlib';

/**
 * The text drawn in a PDF, one line per text-showing operator (test support). Content streams are
 * inflated with zlib when FlateDecode-compressed (pdfkit's default), then the strings of `TJ`/`Tj` read:
 * hex (`<48656c6c6f>`, what pdfkit writes for its standard fonts) or literal (`(Hello)`), as Latin-1.
 */
export function pdfText(pdf: Buffer): string {
  const file = pdf.toString('latin1');
  const lines: string[] = [];
  // Each stream is cut by its dictionary's /Length (pdfkit writes it direct): compressed bytes may end in
  // "\r", so finding the end by the "\r?\nendstream" that follows would drop a byte one time in 256.
  const streams = /\bobj\s*<<((?:(?!endobj)[^])*?)>>\s*stream\r?\n/g;
  for (let m = streams.exec(file); m; m = streams.exec(file)) {
    const dict = m[1] ?? '';
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? NaN);
    if (!Number.isInteger(length)) continue;
    const start = m.index + m[0].length;
    const raw = Buffer.from(file.slice(start, start + length), 'latin1');
    streams.lastIndex = start + length;
    let content: string;
    try {
      content = (/FlateDecode/.test(dict) ? zlib.inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue;
    }
    const ops = /(\[(?:[^\]\\]|\\.)*\]|<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\))\s*T[Jj]/g;
    for (let op = ops.exec(content); op; op = ops.exec(content)) {
      const parts = (op[1] ?? '').match(/<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\)/g) ?? [];
      lines.push(
        parts
          .map((p) =>
            p.startsWith('<')
              ? Buffer.from(p.slice(1, -1).replace(/\s/g, ''), 'hex').toString('latin1')
              : p.slice(1, -1).replace(/\\([()\\])/g, '$1'),
          )
          .join(''),
      );
    }
  }
  return lines.join('\n');
}
