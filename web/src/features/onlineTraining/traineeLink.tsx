import {
  trainingAttemptViewPath,
  trainingCertificateCall,
  trainingLinkPaths,
  trainingTakePath,
} from '@compass/shared';
import { createContext, useContext } from 'react';
import { API_BASE, callUrl, downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { ExportButton } from '../../components/ExportButton';
import { PreviewButton } from '../../components/PreviewableFile';
import { linkOptions, linkPath } from '../links';

/**
 * The trainee's pages opened as the public pages of a training's link (online-training/employee/…):
 * `authtoken` is the link's, or null where the signed-in session opens them (supplier personnel).
 * No value: the pages inside the app's shell.
 */
export interface TraineeLink {
  authtoken: string | null;
}
export const TraineeLinkContext = createContext<TraineeLink | null>(null);

/** The link the trainee's pages are opened with (null in the shell). */
export const useTraineeLink = () => useContext(TraineeLinkContext);

/**
 * How the calls of the link's pages are made: with its token, and a refusal shown on the page rather
 * than signing out whoever else uses this browser.
 */
export const traineeCallOptions = (link: TraineeLink | null) =>
  link ? linkOptions(link.authtoken) : undefined;

/** Where the trainee's pages lead, in the shell or among the link's pages (the token kept). */
export function useTraineePaths() {
  const link = useTraineeLink();
  const token = link?.authtoken ?? undefined;
  return {
    /** Where the training stands: the link's page; the dashboard in the shell. */
    home: link
      ? (assignmentId: string) => ({
          to: trainingLinkPaths.status(assignmentId, token),
          label: 'Back to your training',
        })
      : () => ({ to: '/dashboard', label: 'Back to the dashboard' }),
    attempt: (attemptId: string) =>
      link ? trainingLinkPaths.attempt(attemptId, token) : trainingAttemptViewPath(attemptId),
    /** Another attempt: supplier personnel (no employee) take it on the link's pages. */
    retest: (training: { courseId: string; employeeId: string | null; assignmentId: string }) =>
      link || !training.employeeId
        ? trainingLinkPaths.retest(training.assignmentId, token)
        : trainingTakePath(training.courseId, training.employeeId, training.assignmentId),
    /** A course file, read with the link's token. */
    file: (path: string) => linkPath(path, link?.authtoken ?? null),
  };
}

/** The certificate of a passed training (a PDF), with the link's token when there is one. */
export function certificateUrl(assignmentId: string, authtoken: string | null): string {
  return `${API_BASE}${callUrl(trainingCertificateCall, { query: { assignmentId } }, authtoken ?? undefined)}`;
}

export const certificateFileName = (courseName: string) => `${courseName} - certificate.pdf`;

/** The certificate of a passed training, previewed or downloaded, on any of the trainee's pages. */
export function CertificateButton({
  assignmentId,
  courseName,
}: {
  assignmentId: string;
  courseName: string;
}) {
  const link = useTraineeLink();
  const url = certificateUrl(assignmentId, link?.authtoken ?? null);
  const fileName = certificateFileName(courseName);
  return (
    <>
      <PreviewButton
        label="Preview certificate"
        file={{ name: fileName, url }}
        onDownload={() => void downloadFile(url, fileName).catch(notifyError)}
      />
      <ExportButton label="Download certificate" url={url} fileName={fileName} />
    </>
  );
}
