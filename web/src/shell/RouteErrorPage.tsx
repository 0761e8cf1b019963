import { RefreshCw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { StandaloneLayout } from './StandaloneLayout';

/** Shown when a route fails to render or a lazy area fails to load (e.g. after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = error instanceof Error ? error.message : null;
  return (
    <StandaloneLayout>
      <section className="card state-panel" role="alert" aria-labelledby="route-error-title">
        <span className="state-icon state-icon-danger">
          <TriangleAlert size={28} aria-hidden="true" />
        </span>
        <h1 id="route-error-title">Something went wrong</h1>
        <p>This page could not be displayed. Reloading usually fixes it.</p>
        {detail && <p className="text-sm text-muted">{detail}</p>}
        <div className="state-actions">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            <RefreshCw size={16} aria-hidden="true" />
            Reload page
          </button>
          <Link to="/dashboard" className="btn btn-secondary">
            Back to Home
          </Link>
        </div>
      </section>
    </StandaloneLayout>
  );
}
