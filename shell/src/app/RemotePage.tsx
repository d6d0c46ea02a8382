import { Component, lazy, Suspense, useContext, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { FirstCommitContext, FirstCommitMark, useSectionLoader, type SectionLoader } from './sections';

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
 * suspend forever. A failed load is dropped, so the next render (a Retry, or coming back later) tries again.
 */
const lazyPages = new WeakMap<SectionLoader, Map<string, ComponentType<Record<string, unknown>>>>();

function lazyPage(sections: SectionLoader, remote: string, module: string): ComponentType<Record<string, unknown>> {
  let pages = lazyPages.get(sections);
  if (!pages) lazyPages.set(sections, (pages = new Map()));
  const id = `${remote}/${module}`;
  let Page = pages.get(id);
  if (!Page) {
    const own = pages;
    Page = lazy(() =>
      sections.load(remote, module).catch((err: unknown) => {
        own.delete(id);
        throw err;
      }),
    );
    pages.set(id, Page);
  }
  return Page;
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
  // `attempt` re-renders after a Retry; the failed lazy was dropped, so a new one loads again.
  const Page = sections.peek(remote, module)?.default ?? lazyPage(sections, remote, module);
  const retry = () => {
    sections.reset(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <div className="remote-section" data-remote={remote} data-module={module}>
      <RemoteBoundary remote={remote} onRetry={retry} inline={inline} onFailed={firstCommit}>
        {inline ? (
          <Suspense fallback={null}>
            <Page {...props} />
          </Suspense>
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
