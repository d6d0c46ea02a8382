import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Picture } from '@storefront/shared';
import './Gallery.css';

/** The main image: the page's width on phones, half the 1240-px container (less the 48-px gap) from 900 px (ProductPage.css). */
const MAIN_SIZES = '(min-width: 1240px) 580px, (min-width: 900px) calc(50vw - 40px), calc(100vw - 32px)';

export interface GalleryProps {
  /** Image URLs (at least one: the caller puts the placeholder in when there are none). */
  images: string[];
  /** Product name, for the images' text alternatives. */
  name: string;
}

/** The chosen image and how to move it: by index (wrapping round), from the keys, and with focus on its thumbnail. */
function useChosenImage(count: number) {
  const [chosen, setChosen] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  // A new product (fewer images) must not leave the index past the end.
  const index = chosen < count ? chosen : 0;

  const show = (n: number, focusThumb = false) => {
    const next = ((n % count) + count) % count;
    setChosen(next);
    if (focusThumb) thumbs.current[next]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const fromThumb = e.currentTarget.dataset.thumb !== undefined;
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[e.key];
    if (target === undefined || count < 2) return;
    e.preventDefault();
    show(target, fromThumb);
  };
  return { index, show, onKeyDown, thumbs };
}

/**
 * Product images (issue 5): the chosen image large, thumbnails to pick another, previous/next
 * buttons, and the arrow keys (Home/End too) on any of the gallery's buttons. The first image is the
 * page's LCP element: eager, high priority, with its size given.
 */
export function Gallery({ images, name }: GalleryProps) {
  const count = images.length;
  const { index, show, onKeyDown, thumbs } = useChosenImage(count);

  return (
    <section className="cat-gallery" aria-roledescription="gallery" aria-label={`Images of ${name}`}>
      <div className="cat-gallery__main">
        <Picture
          key={images[index]}
          className="cat-gallery__image"
          src={images[index] ?? ''}
          alt={count > 1 ? `${name}, image ${index + 1} of ${count}` : name}
          sizes={MAIN_SIZES}
          width={800}
          height={800}
          loading="eager"
          priority={index === 0}
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              className="cat-gallery__step cat-gallery__step--prev"
              aria-label="Previous image"
              onClick={() => show(index - 1)}
              onKeyDown={onKeyDown}
            >
              ‹
            </button>
            <button
              type="button"
              className="cat-gallery__step cat-gallery__step--next"
              aria-label="Next image"
              onClick={() => show(index + 1)}
              onKeyDown={onKeyDown}
            >
              ›
            </button>
          </>
        ) : null}
        <p className="sf-visually-hidden" aria-live="polite">
          {count > 1 ? `Image ${index + 1} of ${count}` : ''}
        </p>
      </div>
      {count > 1 ? <Thumbnails images={images} index={index} thumbs={thumbs} onShow={show} onKeyDown={onKeyDown} /> : null}
    </section>
  );
}

interface ThumbnailsProps {
  images: string[];
  index: number;
  thumbs: RefObject<(HTMLButtonElement | null)[]>;
  onShow: (index: number) => void;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
}

/** One button per image; only the chosen one is in the tab order (the arrow keys move among them). */
function Thumbnails({ images, index, thumbs, onShow, onKeyDown }: ThumbnailsProps) {
  const count = images.length;
  return (
    <ul className="cat-gallery__thumbs" aria-label="Choose an image">
      {images.map((src, i) => (
        <li key={`${src}-${i}`}>
          <button
            type="button"
            ref={(el) => {
              thumbs.current[i] = el;
            }}
            data-thumb=""
            className={`cat-gallery__thumb ${i === index ? 'is-current' : ''}`}
            aria-label={`Show image ${i + 1} of ${count}`}
            aria-current={i === index ? 'true' : undefined}
            tabIndex={i === index ? 0 : -1}
            onClick={() => onShow(i)}
            onKeyDown={onKeyDown}
          >
            <Picture src={src} alt="" sizes="72px" width={96} height={96} loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}
