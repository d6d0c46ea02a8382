import { fireEvent, render, screen } from '@testing-library/react';
import { Picture } from './Picture';
import { PLACEHOLDER_IMAGE } from '../format/images';
import { DocumentMetaContext, type DocumentMeta } from '../documentMeta';

const PRODUCT = '/api/images/0123456789abcdef-1600x2000-a9b0cb';

describe('Picture', () => {
  it('offers every listed width up to the picture’s own, with the slot’s sizes, its box and its colour until it loads', () => {
    render(<Picture src={PRODUCT} alt="Kurta" sizes="(min-width: 900px) 580px, 100vw" width={800} height={800} />);
    const img = screen.getByRole('img', { name: 'Kurta' });
    const srcset = img.getAttribute('srcset') ?? '';
    const widths = srcset.split(', ').map((c) => Number(c.split(' ')[1]?.replace('w', '')));
    expect(widths).toEqual([160, 240, 320, 400, 480, 640, 800, 960, 1200, 1600]);
    expect(srcset.split(', ')[0]).toBe(`${PRODUCT}?w=160 160w`);
    expect(img).toHaveAttribute('sizes', '(min-width: 900px) 580px, 100vw');
    expect(img).toHaveAttribute('src', `${PRODUCT}?w=800`);
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '800');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img).toHaveStyle({ backgroundColor: '#a9b0cb' });
  });

  it('loads the page’s largest picture at once, and a server render preloads it with the same srcset and sizes', () => {
    const meta: DocumentMeta = {};
    render(
      <DocumentMetaContext.Provider value={meta}>
        <Picture src={PRODUCT} alt="Banner" sizes="100vw" width={2400} height={900} priority />
        <Picture src={PRODUCT} alt="Banner again" sizes="100vw" width={2400} height={900} priority />
        <Picture src="/api/images/fedcba9876543210-800x800-111111" alt="Below" sizes="50vw" width={800} height={800} />
      </DocumentMetaContext.Provider>,
    );
    const img = screen.getByRole('img', { name: 'Banner' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    // One preload per file, none for a picture that is not the page's largest.
    expect(meta.preloads).toEqual([{ href: img.getAttribute('src'), srcSet: img.getAttribute('srcset'), sizes: '100vw' }]);
  });

  it('shows any other image as it is, and the placeholder when a file fails', () => {
    render(<Picture src="/api/images/logo.svg" alt="Logo" sizes="120px" width={120} height={40} loading="eager" />);
    const img = screen.getByRole('img', { name: 'Logo' });
    expect(img).toHaveAttribute('src', '/api/images/logo.svg');
    expect(img).not.toHaveAttribute('srcset');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });
});
