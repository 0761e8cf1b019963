import type { TSupplierLinkContext } from '@compass/shared';
import { CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { describeError } from '../../api/errors';
import { initialsOf } from '../../components/Avatar';
import { BrandMark, PRODUCT_NAME } from '../../components/BrandMark';
import { PageSpinner } from '../../components/Spinner';
import { linkPath } from '../links';

/** What the frame shows of the link's organisation and supplier. */
type FrameContext = Pick<TSupplierLinkContext, 'companyName' | 'supplierName' | 'supplierLogo'>;

interface SupplierLinkFrameProps {
  /** 'Update Form Submission' or 'View Form Submission'. */
  title: string;
  context: FrameContext | undefined;
  authtoken: string;
  /** Supplier-type forms hide the navigation header and show the supplier's logo (001 section 2.3). */
  supplierForm: boolean;
  /** The notification header: what the supplier is asked to do. */
  notice?: ReactNode;
  children: ReactNode;
}

/** The supplier company's logo, or its initials when it has none. */
function SupplierLogo({ context, authtoken }: { context: FrameContext; authtoken: string }) {
  const name = context.supplierName || context.companyName;
  return (
    <span className="supplier-link-logo">
      {context.supplierLogo ? (
        <img src={linkPath(context.supplierLogo, authtoken)} alt={`${name} logo`} />
      ) : (
        <span role="img" aria-label={`${name} logo`}>
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}

/**
 * The frame of the supplier screens opened from a link: no shell (the holder is not signed in), the
 * product's top bar only for forms that are not supplier forms, the notification header.
 */
export function SupplierLinkFrame({
  title,
  context,
  authtoken,
  supplierForm,
  notice,
  children,
}: SupplierLinkFrameProps) {
  return (
    <div className="standalone supplier-link">
      {!supplierForm && (
        <header className="standalone-bar" data-testid="navigation-header">
          <BrandMark to="/dashboard" />
        </header>
      )}
      <main className="standalone-main supplier-link-main" id="main-content">
        <header className="supplier-link-header">
          {supplierForm && context && <SupplierLogo context={context} authtoken={authtoken} />}
          <div className="supplier-link-heading">
            {context && <p className="supplier-link-eyebrow">{context.companyName}</p>}
            <h1>{title}</h1>
          </div>
        </header>
        {notice && (
          <div
            className="alert alert-info supplier-link-notice"
            role="status"
            data-testid="notification-header"
          >
            <Info size={18} aria-hidden="true" />
            <div>{notice}</div>
          </div>
        )}
        {children}
      </main>
    </div>
  );
}

/** Loading: the spinner labelled Loading (001 section 2.3), inside the plain frame. */
export function SupplierLinkLoading({ title }: { title: string }) {
  return (
    <div className="standalone supplier-link">
      <main className="standalone-main supplier-link-main" id="main-content" aria-label={title}>
        <PageSpinner label="Loading" />
      </main>
    </div>
  );
}

/** A link that cannot open the form: the reason, and the way out. */
export function SupplierLinkProblem({
  error,
  homeSiteUrl,
  title = 'This form cannot be opened',
}: {
  error: unknown;
  homeSiteUrl: string;
  title?: string;
}) {
  return (
    <div className="standalone supplier-link">
      <main className="standalone-main supplier-link-main" id="main-content">
        <section className="card state-panel" role="alert">
          <span className="state-icon state-icon-warning">
            <CircleAlert size={28} aria-hidden="true" />
          </span>
          <h1>{title}</h1>
          <p>{describeError(error).message}</p>
          <div className="state-actions">
            <a href={homeSiteUrl} className="btn btn-primary">
              Go to the {PRODUCT_NAME} site
            </a>
          </div>
        </section>
      </main>
    </div>
  );
}

/** The link's expiry, for the notification header. */
export function linkExpiry(context: TSupplierLinkContext | undefined): string | null {
  if (!context) return null;
  const day = context.expiresAt.slice(0, 10).split('-');
  return `${day[2]}/${day[1]}/${day[0]}`;
}
