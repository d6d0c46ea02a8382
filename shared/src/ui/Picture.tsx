import { useContext, useState, type ImgHTMLAttributes } from 'react';
import { DocumentMetaContext } from '../documentMeta';
import { PLACEHOLDER_IMAGE, pictureFallbackSrc, pictureInfo, pictureSrcSet } from '../format/images';

export interface PictureProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'fetchPriority'
> {
  /** An image URL from the API: a picture (`/api/images/<id>`) gets every width; anything else is shown as is. */
  src: string;
  /**
   * How wide the slot is, as the `sizes` attribute (`(min-width: 900px) 580px, calc(100vw - 32px)`):
   * the browser picks the narrowest width that fills it at the screen's pixel density.
   */
  sizes: string;
  /** The box's intrinsic size: always given so the browser reserves it before the file arrives (no CLS). */
  width: number;
  height: number;
  /**
   * The page's largest picture (its LCP): loaded at once at high priority and preloaded — in `<head>`
   * of a server-rendered page, or as soon as the component renders in the browser.
   */
  priority?: boolean;
  /** `lazy` (default) for pictures below the fold; `eager` for the first screen's others. */
  loading?: 'eager' | 'lazy';
}

/**
 * Every product, category and banner picture of every section (issue 20): `srcset` of the fixed widths
 * with the slot's `sizes`, AVIF or WebP chosen by the API from the browser's `Accept`, the intrinsic
 * size, lazy loading below the fold, and the picture's dominant colour painted in the box until the
 * file arrives (carried in the picture's id, so no extra bytes or requests). A file that fails to load
 * gives way to the shared placeholder (spec §3): never a broken-image icon or a collapsed box.
 */
export function Picture({ src, sizes, width, height, priority = false, loading = 'lazy', alt, onError, style, ...rest }: PictureProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const info = failed === src ? null : pictureInfo(src);
  const shown = failed === src ? PLACEHOLDER_IMAGE : info ? pictureFallbackSrc(src, info) : src;
  const srcSet = info ? pictureSrcSet(src, info) : undefined;
  const collector = useContext(DocumentMetaContext);
  if (priority && info && collector && !collector.preloads?.some((p) => p.href === shown)) {
    // A server render writes it into <head> (shell/src/server/render.tsx). In the browser the <img>
    // itself, eager and at high priority, starts the download as soon as it is in the document.
    (collector.preloads ??= []).push({ href: shown, srcSet, sizes: srcSet ? sizes : undefined });
  }
  return (
    <img
      {...rest}
      src={shown}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      // The LCP picture is painted as soon as it is decoded; the rest never hold up a frame.
      decoding={priority ? undefined : 'async'}
      style={info ? { backgroundColor: info.colour, ...style } : style}
      onError={(e) => {
        if (shown !== PLACEHOLDER_IMAGE) setFailed(src);
        onError?.(e);
      }}
    />
  );
}
