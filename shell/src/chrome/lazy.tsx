import { Component, lazy, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/**
 * `React.lazy` with a `preload()` to start the download on hover or focus, so a menu opens without
 * waiting. A failed download is forgotten, so the next attempt fetches again.
 */
export function lazyWithPreload<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>) {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const load = () => {
    pending ??= factory().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
  return Object.assign(lazy(load), { preload: () => void load().catch(() => undefined) });
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
