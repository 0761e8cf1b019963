import { House, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The state of a page that cannot show its content (not found, not available, not yours): a
 * centred card with an icon, a title, the message and what the reader can do next.
 */
export function StatePanel({
  icon: Icon,
  tone,
  badge,
  title,
  heading: Heading = 'h2',
  role,
  message,
  children,
  actions,
}: {
  icon: LucideIcon;
  /** The icon's colour; neutral without one. */
  tone?: 'warning' | 'danger' | 'success';
  /** A short label above the title (Error 404). */
  badge?: string;
  title: ReactNode;
  /** h1 where the panel is the whole page (outside the shell, whose header holds the page's h1). */
  heading?: 'h1' | 'h2';
  role?: 'alert' | 'status';
  message: ReactNode;
  /** More after the message (a technical detail). */
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="card state-panel" role={role} aria-labelledby={titleId}>
      <span className={tone ? `state-icon state-icon-${tone}` : 'state-icon'}>
        <Icon size={28} aria-hidden="true" />
      </span>
      {badge && <p className="badge badge-neutral">{badge}</p>}
      <Heading id={titleId}>{title}</Heading>
      <p>{message}</p>
      {children}
      {actions && <div className="state-actions">{actions}</div>}
    </section>
  );
}

/** The way out of a state panel: back to the dashboard. */
export function HomeLink() {
  return (
    <Link to="/dashboard" className="btn btn-primary">
      <House size={16} aria-hidden="true" />
      Back to Home
    </Link>
  );
}
