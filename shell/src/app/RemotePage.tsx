import { Component, lazy, Suspense, useContext, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { FullScreenSpinner } from '@storefront/shared';
import { FirstCommitContext, FirstCommitMark, useSectionLoader } from './sections';

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

interface RemotePageProps {
  remote: string;
  module: string;
  inline?: boolean;
  props?: Record<string, unknown>;
}

/**
 * Renders a page (or overlay) exposed by a remote inside its error boundary: at once when its module
 * has already arrived (a page hydrating over its server markup, or one seen before), else lazily.
 */
export function RemotePage({ remote, module, inline, props }: RemotePageProps) {
  const sections = useSectionLoader();
  const firstCommit = useContext(FirstCommitContext);
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React.lazy caches a rejected import for good.
  const Page = useMemo(
    () => sections.peek(remote, module)?.default ?? lazy(() => sections.load(remote, module)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is the retry trigger
    [sections, remote, module, attempt],
  );
  const retry = () => {
    sections.reset(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <div className="remote-section" data-remote={remote} data-module={module}>
      <RemoteBoundary remote={remote} onRetry={retry} inline={inline} onFailed={firstCommit}>
        <Suspense fallback={inline ? null : <FullScreenSpinner />}>
          <Page {...props} />
          <FirstCommitMark />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
