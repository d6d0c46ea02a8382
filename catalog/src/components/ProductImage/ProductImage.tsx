import { useState, type ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE } from '@storefront/shared';

export interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> {
  src: string;
  /** Intrinsic size: always given so the browser reserves the box before the file arrives (no CLS). */
  width: number;
  height: number;
}

/**
 * An image that falls back to the shared placeholder (spec §3) when its file fails to load, so a
 * broken URL never leaves a broken-image icon or a collapsed box.
 */
export function ProductImage({ src, alt, width, height, onError, ...rest }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === src ? PLACEHOLDER_IMAGE : src;
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      onError={(e) => {
        if (shown !== PLACEHOLDER_IMAGE) setFailed(src);
        onError?.(e);
      }}
    />
  );
}
