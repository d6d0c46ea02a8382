/**
 * A small multipart/form-data reader for the text-only forms the storefront sends (the product list
 * filters, spec §7). It reads the whole (size-limited) body at once, which costs a fraction of a streaming
 * parser per request; file parts are refused. Throws `FormDataError` on anything malformed.
 */
import { AppError } from './errors';

export class FormDataError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

const MAX_PARTS = 50;

function boundaryOf(contentType: string): string {
  const m = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw new FormDataError('Multipart boundary missing');
  return boundary;
}

export function parseFormData(body: string, contentType: string): Record<string, string> {
  const delimiter = `--${boundaryOf(contentType)}`;
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const start = body.indexOf(delimiter);
  if (start === -1) throw new FormDataError('Multipart body without parts');
  let pos = start + delimiter.length;
  let parts = 0;
  for (;;) {
    if (body.startsWith('--', pos)) break; // closing delimiter
    if (!body.startsWith('\r\n', pos)) throw new FormDataError('Malformed multipart body');
    pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd === -1) throw new FormDataError('Malformed multipart part');
    const headers = body.slice(pos, headerEnd);
    const next = body.indexOf(`\r\n${delimiter}`, headerEnd + 4);
    if (next === -1) throw new FormDataError('Unterminated multipart body');
    parts += 1;
    if (parts > MAX_PARTS) throw new FormDataError('Too many form fields');
    const disposition = /^content-disposition:\s*form-data\s*;(.*)$/im.exec(headers)?.[1] ?? '';
    if (/\bfilename\*?=/i.test(disposition)) throw new FormDataError('File uploads are not accepted');
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? /\bname=([^\s;]+)/i.exec(disposition)?.[1];
    if (!name) throw new FormDataError('Form field without a name');
    if (name !== '__proto__' && name !== 'constructor' && name !== 'prototype') fields[name] = body.slice(headerEnd + 4, next);
    pos = next + 2 + delimiter.length;
  }
  return { ...fields };
}
