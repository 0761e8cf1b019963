import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Where a page's "back" link goes and what it says (the list or record the page belongs to). */
export interface BackTo {
  to: string;
  label: ReactNode;
}

/** The arrow link back to the list or record a page belongs to. */
export function BackLink({ to, label }: BackTo) {
  return (
    <Link to={to} className="back-link">
      <ArrowLeft size={16} aria-hidden="true" /> {label}
    </Link>
  );
}

/**
 * A page's heading: the way back, the h1 and its line (shown when given), then `children`, the
 * page's buttons (several of them in a `row wrap` of their own).
 */
export function PageHeader({
  title,
  intro,
  introClassName,
  back,
  className,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  introClassName?: string;
  back?: BackTo;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className ? `page-header ${className}` : 'page-header'}>
      <div>
        {back && <BackLink {...back} />}
        <h1>{title}</h1>
        {intro !== undefined && intro !== null && intro !== false && (
          <p className={introClassName}>{intro}</p>
        )}
      </div>
      {children}
    </div>
  );
}
