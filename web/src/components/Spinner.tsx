export function Spinner({ size = 'md', label }: { size?: 'md' | 'lg'; label?: string }) {
  return (
    <span
      className={size === 'lg' ? 'spinner spinner-lg' : 'spinner'}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A centred spinner for a page or area that is loading. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <div className="page-spinner-inner">
        <Spinner size="lg" />
        <span>{label}</span>
      </div>
    </div>
  );
}
