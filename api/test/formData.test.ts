import { parseFormData } from '../src/lib/formData';

const B = 'XyZ';
const part = (name: string, value: string, extra = '') =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;

describe('parseFormData', () => {
  it('reads text fields like a browser FormData sends them', () => {
    const body = `${part('sub_category', '3,7')}${part('size', 'XL')}${part('empty', '')}--${B}--\r\n`;
    expect(parseFormData(body, `multipart/form-data; boundary=${B}`)).toEqual({ sub_category: '3,7', size: 'XL', empty: '' });
  });

  it('accepts a quoted boundary, an empty form and values with line breaks', () => {
    expect(parseFormData(`--${B}--\r\n`, `multipart/form-data; boundary="${B}"`)).toEqual({});
    const body = `${part('note', 'a\r\nb')}--${B}--`;
    expect(parseFormData(body, `multipart/form-data; boundary=${B}`)).toEqual({ note: 'a\r\nb' });
  });

  it('refuses files, missing boundaries, unnamed and unterminated parts', () => {
    const ct = `multipart/form-data; boundary=${B}`;
    expect(() => parseFormData(`${part('f', 'x', '; filename="a.txt"')}--${B}--`, ct)).toThrow('File uploads are not accepted');
    expect(() => parseFormData(`${part('a', 'b')}--${B}--`, 'multipart/form-data')).toThrow('Multipart boundary missing');
    expect(() => parseFormData(`--${B}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${B}--`, ct)).toThrow('Form field without a name');
    expect(() => parseFormData(`--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end`, ct)).toThrow('Unterminated');
    expect(() => parseFormData('garbage', ct)).toThrow();
  });

  it('never sets prototype keys', () => {
    const body = `${part('__proto__', 'x')}${part('ok', '1')}--${B}--`;
    const fields = parseFormData(body, `multipart/form-data; boundary=${B}`);
    expect(fields).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
