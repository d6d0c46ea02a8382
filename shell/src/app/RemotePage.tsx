import { Component, lazy, useContext, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { HydrationBoundary } from '@storefront/shared';
import { FirstCommitContext, FirstCommitMark, useSectionLoader, type SectionLoader } from './sections';
import { isLoadFailure, signal } from '../telemetry/signals';

interface BoundaryProps {
  remote: string;
  /** Told when the section fails, so a hydrating page does not wait for a first commit that will not come. */
  onFailed?: (() => void) | null;
  onRetry: () => void;
  children: ReactNode;
  /** Overlays (cart panel) fail quietly instead of showing a page-sized message. */
  inline?: boolean;
}

interface BoundaryState {
  error: Error | null;
}

/**
 * Stops a remote's failure (down, 404, broken chunk, render error) at its own section: header,
 * footer and the other sections keep working, and Retry loads it again.
 */
export class RemoteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[storefront] section ${this.props.remote} failed`, error, info.componentStack);
    // A load failure was counted where it happened (startup/federation.ts); a render error is counted here.
    if (!isLoadFailure(error)) signal('error', this.props.remote, 'boundary');
    signal('fallback', this.props.remote, 'unavailable');
    this.props.onFailed?.();
  }

  private retry = (): void => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="section-unavailable" data-remote={this.props.remote}>
        <h2>This section is temporarily unavailable</h2>
        {!this.props.inline && <p>The rest of the shop is working. Please try again in a moment.</p>}
        <button type="button" className="btn" onClick={this.retry}>
          Retry
        </button>
      </div>
    );
  }
}

/**
 * One lazy component per page and loader, kept outside React state: a page that suspends before it has
 * ever mounted loses its hooks' state, so a lazy made in `useMemo` would be made anew on every retry and
 * suspend forever. A failed one stays until it is forgotten (Retry, or its section unmounting), so React
 * sees the failure and the section's boundary shows it, instead of a fresh load starting on every render.
 */
interface LazyPage {
  Page: ComponentType<Record<string, unknown>>;
  failed: boolean;
}
const lazyPages = new WeakMap<SectionLoader, Map<string, LazyPage>>();

function pagesOf(sections: SectionLoader): Map<string, LazyPage> {
  let pages = lazyPages.get(sections);
  if (!pages) lazyPages.set(sections, (pages = new Map()));
  return pages;
}

function lazyPage(sections: SectionLoader, id: string, remote: string, module: string): ComponentType<Record<string, unknown>> {
  const pages = pagesOf(sections);
  let entry = pages.get(id);
  if (!entry) {
    const made: LazyPage = {
      failed: false,
      Page: lazy(() =>
        sections.load(remote, module).catch((err: unknown) => {
          made.failed = true;
          throw err;
        }),
      ),
    };
    pages.set(id, (entry = made));
  }
  return entry.Page;
}

/** Drops a page's lazy component (all of them when `onlyFailed` is false), so the next render loads again. */
function forgetLazyPage(sections: SectionLoader, id: string, onlyFailed: boolean): void {
  const pages = pagesOf(sections);
  if (!onlyFailed || pages.get(id)?.failed) pages.delete(id);
}

interface RemotePageProps {
  remote: string;
  module: string;
  inline?: boolean;
  props?: Record<string, unknown>;
}

/**
 * Renders a page (or overlay) exposed by a remote inside its error boundary: at once when its module
 * has already arrived (a page hydrating over its server markup, one seen or prefetched before), else
 * lazily. A page has no Suspense boundary of its own: it suspends to the one around the routes
 * (`AppRoutes`), which is already showing the current page, so a client navigation (React Router runs
 * it as a transition) keeps that page on screen until the next one's module is here instead of
 * flashing the full-screen spinner (which React then holds for at least 300 ms). Overlays (`inline`)
 * keep their own quiet boundary: they open beside the page, never in place of it.
 */
export function RemotePage({ remote, module, inline, props }: RemotePageProps) {
  const sections = useSectionLoader();
  const firstCommit = useContext(FirstCommitContext);
  const [, setAttempt] = useState(0);
  const id = `${remote}/${module}`;
  const Page = sections.peek(remote, module)?.default ?? lazyPage(sections, id, remote, module);
  // A section that failed and is left (navigated away from) loads again when it comes back.
  useEffect(() => () => forgetLazyPage(sections, id, true), [sections, id]);
  const retry = () => {
    sections.reset(remote);
    forgetLazyPage(sections, id, false);
    setAttempt((n) => n + 1);
  };
  return (
    <div className="remote-section" data-remote={remote} data-module={module}>
      <RemoteBoundary remote={remote} onRetry={retry} inline={inline} onFailed={firstCommit}>
        {inline ? (
          <HydrationBoundary fallback={null}>
            <Page {...props} />
          </HydrationBoundary>
        ) : (
          <>
            <Page {...props} />
            <FirstCommitMark />
          </>
        )}
      </RemoteBoundary>
    </div>
  );
}
