import { Compass, House } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from './pageTitle';
import { StandaloneLayout } from './StandaloneLayout';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <StandaloneLayout>
      <section className="card state-panel" aria-labelledby="not-found-title">
        <span className="state-icon state-icon-warning">
          <Compass size={28} aria-hidden="true" />
        </span>
        <p className="badge badge-neutral">Error 404</p>
        <h1 id="not-found-title">Page not found</h1>
        <p>
          The page you are looking for does not exist or has moved. Check the address, or start again from
          Home.
        </p>
        <div className="state-actions">
          <Link to="/dashboard" className="btn btn-primary">
            <House size={16} aria-hidden="true" />
            Back to Home
          </Link>
        </div>
      </section>
    </StandaloneLayout>
  );
}
