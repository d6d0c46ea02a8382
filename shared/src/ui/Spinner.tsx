/** A small spinner with an accessible label. */
export function Spinner({ label = 'Loading', size = 24 }: { label?: string; size?: number }) {
  return <span className="sf-spinner" role="status" aria-label={label} style={{ width: size, height: size }} />;
}

/** Spec §2: pages load lazily with a full-screen spinner. */
export function FullScreenSpinner({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="sf-fullscreen-spinner">
      <Spinner label={label} size={40} />
    </div>
  );
}

/** Grey blocks standing in for content while it loads (keeps the layout from shifting). */
export function Skeleton({ width = '100%', height = 16, className = '' }: { width?: number | string; height?: number | string; className?: string }) {
  return <span className={`sf-skeleton ${className}`} aria-hidden="true" style={{ width, height }} />;
}
