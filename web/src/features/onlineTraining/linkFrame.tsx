import type { UseQueryResult } from '@tanstack/react-query';
import { FileWarning, LogIn } from 'lucide-react';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { describeError } from '../../api/errors';
import { BrandMark } from '../../components/BrandMark';
import { PageSpinner } from '../../components/Spinner';
import { HomeLink, StatePanel } from '../../components/StatePanel';
import { getAuthToken } from '../../lib/storage';
import { StandaloneLayout } from '../../shell/StandaloneLayout';
import { usePageTitle } from '../../shell/pageTitle';
import { useAssignment } from './api';
import { TraineeLinkContext, useTraineeLink } from './traineeLink';

/**
 * The frame of a training's link pages (online-training/employee/…): no shell, as the holder of the
 * mail's link has no account; the product's name over the page. The link's token (`?authtoken=`) is
 * given to the pages' calls and links; without one, the signed-in session opens them (supplier
 * personnel, an employee), and someone signed out is asked to sign in.
 */
function TrainingLinkFrame({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const authtoken = params.get('authtoken');
  const link = useMemo(() => ({ authtoken }), [authtoken]);
  const signedIn = getAuthToken() !== null;
  return (
    <TraineeLinkContext.Provider value={link}>
      <StandaloneLayout brand={<BrandMark to={authtoken ? undefined : '/dashboard'} />}>
        <div className="training-link">{authtoken || signedIn ? children : <SignInPanel />}</div>
      </StandaloneLayout>
    </TraineeLinkContext.Provider>
  );
}

/** A page of the training's link: `Page` inside the link's frame. */
export function linkPage(Page: ComponentType) {
  return function LinkPage() {
    return (
      <TrainingLinkFrame>
        <Page />
      </TrainingLinkFrame>
    );
  };
}

/** The assignment of the page's `:assignmentId`, its course the browser tab's title. */
export function useLinkAssignment() {
  const { assignmentId = '' } = useParams();
  const assignment = useAssignment(assignmentId);
  usePageTitle(assignment.data?.courseName ?? 'Online training');
  return assignment;
}

/** No link token and nobody signed in: nothing to ask the server, whose answer would speak of a lost session. */
function SignInPanel() {
  const location = useLocation();
  usePageTitle('Online training');
  return (
    <StatePanel
      icon={LogIn}
      heading="h1"
      title="Sign in to open this training"
      message="Open the training from the link in your e-mail, or sign in to see it."
      actions={
        <Link
          className="btn btn-primary"
          to={`/login?returnUrl=${encodeURIComponent(location.pathname + location.search)}`}
        >
          Sign in
        </Link>
      }
    />
  );
}

/**
 * A link page's load: the spinner, the server's reason when it refuses (an expired link, not the
 * caller's training), then the page.
 */
export function LinkQuery<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** "training", "attempt": what cannot be opened. */
  what: string;
  children: (data: T) => ReactNode;
}) {
  const link = useTraineeLink();
  if (query.isError)
    return (
      <StatePanel
        icon={FileWarning}
        tone="warning"
        role="alert"
        heading="h1"
        title={`This ${what} cannot be opened`}
        message={describeError(query.error).message}
        actions={link?.authtoken ? undefined : <HomeLink />}
      />
    );
  if (!query.data) return <PageSpinner label={`Opening the ${what}…`} />;
  return <div className="stack-lg training-link-page">{children(query.data)}</div>;
}
