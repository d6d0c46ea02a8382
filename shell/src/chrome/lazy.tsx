import { Component, lazy, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/**
 * `React.lazy` with a `preload()` to start the download on hover or focus, so a menu opens without
 * waiting. `React.lazy` remembers a failed import for good, so after a failure the next render gets a
 * fresh lazy component: opening the menu again (after the network is back) downloads it again.
 */
export function lazyWithPreload<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>) {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const load = () => {
    pending ??= factory().catch((err: unknown) => {
      pending = null;
      current = lazy(load);
      throw err;
    });
    return pending;
  };
  let current = lazy(load);
  function Lazy(props: P) {
    const Current = current as unknown as ComponentType<P>;
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
