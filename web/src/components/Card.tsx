import { useId, type ReactNode } from 'react';

/**
 * A titled card, named by its h2 for screen readers. By default the title stands in the card's
 * header (with `actions` beside it) over a `card-body`; `bare` puts the children right under the
 * header (a table to the card's edges); `flat` is the compact card whose title is the first line of
 * its body.
 */
export function Card({
  title,
  titleClassName,
  actions,
  className,
  bodyClassName,
  bare = false,
  flat = false,
  children,
}: {
  title: ReactNode;
  /** On the header's h2 (`card-title`, the smaller title). */
  titleClassName?: string;
  actions?: ReactNode;
  className?: string;
  bodyClassName?: string;
  bare?: boolean;
  flat?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const classes = (base: string, more?: string) => (more ? `${base} ${more}` : base);
  if (flat) {
    return (
      <section className={classes('card card-body stack', className)} aria-labelledby={titleId}>
        <h2 id={titleId} className="card-title">
          {title}
        </h2>
        {children}
      </section>
    );
  }
  return (
    <section className={classes('card', className)} aria-labelledby={titleId}>
      <div className="card-header">
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        {actions}
      </div>
      {bare ? children : <div className={classes('card-body', bodyClassName)}>{children}</div>}
    </section>
  );
}
