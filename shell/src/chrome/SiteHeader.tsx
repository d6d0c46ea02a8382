import { HydrationBoundary, TOP_BAR_SLIDE_S } from '@storefront/shared';
import { Header } from './Header';
import { TopBar } from './TopBar';
import { useScrollChrome } from './useScrollChrome';
import './SiteHeader.css';

/**
 * The fixed chrome: top bar over the header, in one `banner` landmark. Hiding the top bar slides the
 * whole block up by the top bar's height with a transform (spec §2: 0.6 s), and the header shrinks
 * inside a fixed box, so neither moves the page (a spacer of the full height stays in the flow: no layout
 * shift, issue 8).
 */
export function SiteHeader() {
  const s = useScrollChrome();
  return (
    <>
      <header className={`sh-chrome${s.topBarHidden ? ' is-topbar-hidden' : ''}`} style={{ transitionDuration: `${TOP_BAR_SLIDE_S}s` }}>
        <HydrationBoundary>
          <TopBar hidden={s.topBarHidden} />
        </HydrationBoundary>
        <HydrationBoundary>
          <Header scrolled={s.scrolled} shrunk={s.shrunk} />
        </HydrationBoundary>
      </header>
      <div className="sh-chrome-spacer" aria-hidden="true" />
    </>
  );
}
