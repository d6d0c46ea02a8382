import zlib from 'node:zlib';

/**
 * The text drawn in a PDF, one line per text-showing operator (test support). Content streams are
 * inflated with zlib when FlateDecode-compressed (pdfkit's default), then the strings of `TJ`/`Tj` read:
 * hex (`<48656c6c6f>`, what pdfkit writes for its standard fonts) or literal (`(Hello)`), as Latin-1.
 */
export function pdfText(pdf: Buffer): string {
  const file = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n([^]*?)\r?\nendstream/g;
  for (let m = streams.exec(file); m; m = streams.exec(file)) {
    const raw = Buffer.from(m[2] ?? '', 'latin1');
    let content: string;
    try {
      content = (/FlateDecode/.test(m[1] ?? '') ? zlib.inflateSync(raw) : raw).toString('latin1');
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
