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
export function Skeleton({
  width = '100%',
  height = 16,
  className = '',
}: {
  width?: number | string;
  height?: number | string;
  className?: string;
}) {
  return <span className={`sf-skeleton ${className}`} aria-hidden="true" style={{ width, height }} />;
}

/**
 * Stands in for the part of a page that shows the shopper's own data (cart lines, profile, orders)
 * until their session is applied (issue 19: `RootStore.sessionRestored`). The server renders it, the
 * browser hydrates the same markup, and the data replaces it in place: give it the blocks' heights the
 * data usually takes. Wrap both in `.sf-private-region`, which keeps the footer out of view meanwhile.
 */
export function SessionSkeleton({ label, blocks }: { label?: string; blocks: readonly (number | string)[] }) {
  return (
    <div className="sf-session-skeleton" aria-busy="true">
      {label ? (
        <span className="sf-visually-hidden" role="status">
          {label}
        </span>
      ) : null}
      {blocks.map((height, i) => (
        <Skeleton key={i} height={height} />
      ))}
    </div>
  );
}
