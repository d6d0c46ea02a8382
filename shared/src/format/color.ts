const DARK_TEXT = '#111111';
const LIGHT_TEXT = '#ffffff';
/** Spec §5/§9: brightness of 128 or more gets dark text. */
export const BRIGHTNESS_THRESHOLD = 128;

/**
 * The text colour that reads on a background (spec §5): 3- or 6-digit hex is measured with
 * (299R + 587G + 114B) / 1000; any other length, or a missing or non-string value, gives #111111.
 */
export function textColorFor(background: unknown): string {
  if (typeof background !== 'string') return DARK_TEXT;
  let hex = background.trim().replace(/^#/, '');
  if (!/^[0-9a-f]+$/i.test(hex)) return DARK_TEXT;
  if (hex.length === 3)
    hex = hex
      .split('')
      .map((c) => c + c)
      .join('');
  if (hex.length !== 6) return DARK_TEXT;
  const r = parseInt(hex.slice(0, 2), 16);
  const g = parseInt(hex.slice(2, 4), 16);
  const b = parseInt(hex.slice(4, 6), 16);
  const brightness = (299 * r + 587 * g + 114 * b) / 1000;
  return brightness >= BRIGHTNESS_THRESHOLD ? DARK_TEXT : LIGHT_TEXT;
}
