import type { TFormSubmission, TNamedOption, TSupplierLinkContext } from '@compass/shared';
import { type ReactNode, useMemo } from 'react';
import type { References } from '../../fields';
import { browser } from '../../lib/browser';
import { usePageTitle } from '../../shell/pageTitle';
import { useLinkedRelatedLists, useLinkedSubmission, useSupplierLinkContext, withLinkFilePaths } from './api';
import type { LinkMode } from './editorModes';
import { shapeOfSubmission, storedEditorState } from './editorState';
import { type EditorTransport, linkTransport } from './editorTransport';
import { useBadRequestRedirect, useHomeSite } from './linkNavigation';
import { usePickReferences } from './pickReferences';
import { SubmissionEditor } from './SubmissionEditor';
import { SupplierLinkFrame, SupplierLinkLoading, SupplierLinkProblem } from './SupplierLinkFrame';

/** A supplier link's submission page once all it needs has loaded. */
export interface LinkedSubmission {
  title: string;
  authtoken: string;
  context: TSupplierLinkContext;
  /** The submission, its files read through the link. */
  submission: TFormSubmission;
  references: References;
  workplaces: TNamedOption[];
  transport: EditorTransport;
}

/**
 * What View and Update Form Submission (001 sections 2.1, 2.3) load through the link: its context,
 * the submission and its lists. Until `loaded`, the page shows `guard`: nothing while the 400
 * redirect runs, the problem, or the spinner.
 */
export function useLinkedSubmissionPage(
  id: string,
  authtoken: string | null,
  title: string,
  { fullListsOnly = false }: { fullListsOnly?: boolean } = {},
) {
  const context = useSupplierLinkContext(id, authtoken);
  const details = useLinkedSubmission(id, authtoken);
  const lists = useLinkedRelatedLists(id, authtoken);
  const transport = useMemo(() => linkTransport(authtoken ?? ''), [authtoken]);
  const homeSite = useHomeSite(context.data);
  usePageTitle(title);
  const redirected = useBadRequestRedirect(details.error);
  const references = usePickReferences(lists.data, { link: authtoken, fullListsOnly });
  const linked = useMemo(
    () => (details.data && authtoken ? withLinkFilePaths(details.data, authtoken) : null),
    [details.data, authtoken],
  );

  const failure = details.error ?? context.error ?? lists.error;
  let loaded: LinkedSubmission | null = null;
  let guard: ReactNode = <SupplierLinkLoading title={title} />;
  if (redirected) guard = null;
  else if (failure) guard = <SupplierLinkProblem error={failure} homeSiteUrl={homeSite} />;
  else if (authtoken && linked && references && lists.data && context.data) {
    loaded = {
      title,
      authtoken,
      context: context.data,
      submission: linked,
      references,
      workplaces: lists.data.workplace,
      transport,
    };
  }

  return {
    context: context.data,
    submission: details.data,
    /** Back and Cancel: to the organisation's product site. */
    leave: () => browser.assign(homeSite),
    loaded,
    guard,
  };
}

/** The loaded submission in the link's frame: `submission` when the page shows it otherwise. */
export function LinkedSubmissionEditor({
  page,
  submission = page.submission,
  notice,
  linkMode,
}: {
  page: LinkedSubmission;
  submission?: TFormSubmission;
  notice: ReactNode;
  linkMode: LinkMode;
}) {
  return (
    <SupplierLinkFrame
      title={page.title}
      context={page.context}
      authtoken={page.authtoken}
      supplierForm={submission.formType === 'supplier'}
      notice={notice}
    >
      <SubmissionEditor
        key={`${submission._id}:${submission.version}`}
        shape={shapeOfSubmission(submission)}
        submission={submission}
        initial={storedEditorState(submission)}
        references={page.references}
        workplaces={page.workplaces}
        viewer={{ employeeId: null, name: '' }}
        transport={page.transport}
        linkMode={linkMode}
      />
    </SupplierLinkFrame>
  );
}
