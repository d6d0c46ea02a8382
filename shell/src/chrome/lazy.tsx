import { Component, lazy, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/**
 * `React.lazy` with a `preload()` to start the download on hover or focus, so a menu opens without
 * waiting. A lazy component remembers a failed import for good, so a part mounted after a failure gets
 * a fresh one: opening the menu again (after the network is back) downloads it again. The mount that
 * saw the failure keeps its own, so its boundary gets the error instead of a new download on every
 * render (a fresh one at once would retry forever while the network is down).
 */
export function lazyWithPreload<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>) {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  let failed = false;
  const load = () => {
    pending ??= factory().catch((err: unknown) => {
      pending = null;
      failed = true;
      throw err;
    });
    return pending;
  };
  let current = lazy(load);
  function Lazy(props: P) {
    const [Current] = useState(() => {
      if (failed) {
        failed = false;
        current = lazy(load);
      }
      return current as unknown as ComponentType<P>;
    });
    return <Current {...props} />;
  }
  return Object.assign(Lazy, { preload: () => void load().catch(() => undefined) });
}

interface ChunkBoundaryState {
  failed: boolean;
}

/**
 * Keeps a lazily loaded piece of the chrome (search, menus, dialogs) from taking the page down when its
 * chunk cannot be fetched: it renders nothing and the control can be used again later (`resetKey`).
 */
export class ChunkBoundary extends Component<{ children: ReactNode; resetKey?: unknown }, ChunkBoundaryState> {
  override state: ChunkBoundaryState = { failed: false };

  static getDerivedStateFromError(): ChunkBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[storefront] shell chrome part failed to load', error, info.componentStack);
  }

  override componentDidUpdate(prev: { resetKey?: unknown }): void {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
