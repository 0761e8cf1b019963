import { RefreshCw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { StatePanel } from '../components/StatePanel';
import { NotFoundPage } from './NotFoundPage';
import { StandaloneLayout } from './StandaloneLayout';

/** Shown when a route fails to render or a lazy area fails to load (e.g. after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = error instanceof Error ? error.message : null;
  return (
    <StandaloneLayout>
      <StatePanel
        icon={TriangleAlert}
        tone="danger"
        role="alert"
        heading="h1"
        title="Something went wrong"
        message="This page could not be displayed. Reloading usually fixes it."
        actions={
          <>
            <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
              <RefreshCw size={16} aria-hidden="true" />
              Reload page
            </button>
            <Link to="/dashboard" className="btn btn-secondary">
              Back to Home
            </Link>
          </>
        }
      >
        {detail && <p className="text-sm text-muted">{detail}</p>}
      </StatePanel>
    </StandaloneLayout>
  );
}
