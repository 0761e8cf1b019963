import {
  requirementMessages as say,
  supplierRequirementUploadCall,
  trainingLinkPaths,
  type TSupplierRequirementDetails,
} from '@compass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { toast } from 'sonner';
import { sendCall } from '../../api/client';
import { fieldErrorsOf, notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { FileDrop } from '../../components/FileDrop';
import { InputField } from '../../components/FormField';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { RecordPage } from '../../components/RecordPage';
import { linkOptions } from '../links';
import { SupplierLinkFrame, SupplierLinkLoading, SupplierLinkProblem, useHomeSite } from '../submissions';
import { requirementKeys, useRequirementDetails } from './api';
import { CourseStanding, OptionalText, RequirementDocuments, RequirementFacts } from './parts';

const TITLE = 'Send a document';

/**
 * Where a supplier, one of its people, or the holder of the request mail's link sends a required
 * document with its expiry: /external-parties/document-review/:kind/:id signed in (the dashboard's
 * Company and Personnel Requirements items), /form/external-parties/document-review/:kind/:id?authtoken=
 * without signing in.
 */
export function DocumentSendPage() {
  usePageTitle(TITLE);
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const authtoken = params.get('authtoken');
  const details = useRequirementDetails(id, linkOptions(authtoken));
  const homeSite = useHomeSite(undefined);
  const row = details.data;

  if (authtoken) {
    if (details.error)
      return (
        <SupplierLinkProblem
          error={details.error}
          homeSiteUrl={homeSite}
          title="This document request cannot be opened"
        />
      );
    if (!row) return <SupplierLinkLoading title={TITLE} />;
    return (
      <SupplierLinkFrame
        title={row.typeName}
        context={{ companyName: row.organisationName, supplierName: row.supplierName, supplierLogo: null }}
        authtoken={authtoken}
        supplierForm
      >
        <DocumentCard requirement={row} authtoken={authtoken} />
      </SupplierLinkFrame>
    );
  }
  return (
    <RecordPage
      query={details}
      back={{ to: '/dashboard', label: 'Back to dashboard' }}
      title={TITLE}
      heading={(loaded) => loaded.typeName}
      intro={(loaded) =>
        loaded.training
          ? `${loaded.organisationName} asks you to pass an online course.`
          : `${loaded.organisationName} asks you for this document.`
      }
      label={TITLE}
    >
      {(loaded) => <DocumentCard requirement={loaded} authtoken={null} />}
    </RecordPage>
  );
}

function DocumentCard({
  requirement,
  authtoken,
}: {
  requirement: TSupplierRequirementDetails;
  authtoken: string | null;
}) {
  const renewal = requirement.state === 'valid' || requirement.state === 'expiringSoon';
  return (
    <>
      <section className="card" aria-label="What is asked">
        <div className="card-body stack">
          {requirement.description && <p>{requirement.description}</p>}
          {requirement.state === 'rejected' && requirement.rejectionReason && (
            <div className="alert alert-danger" role="note">
              <X size={18} aria-hidden="true" />
              <div>
                <strong>Your last document was not accepted.</strong>
                <p>{requirement.rejectionReason}</p>
              </div>
            </div>
          )}
          {requirement.state === 'awaitingReview' && (
            <div className="alert alert-info" role="status">
              <Upload size={18} aria-hidden="true" />
              <div>Your document was sent and is awaiting review. You may send a better one meanwhile.</div>
            </div>
          )}
          <RequirementFacts requirement={requirement} />
          {requirement.training ? (
            <CourseStanding
              training={requirement.training}
              action={<OpenCourse requirement={requirement} signedIn={!authtoken} />}
            />
          ) : (
            <RequirementDocuments requirement={requirement} authtoken={authtoken} />
          )}
        </div>
      </section>
      {requirement.canUpload && (
        <SendForm
          requirement={requirement}
          authtoken={authtoken}
          title={renewal ? 'Send a renewal' : TITLE}
        />
      )}
    </>
  );
}

/**
 * The way to the course, for the person signed in (their session opens it; the course's own link
 * was mailed to them). Their company's account and the holder of a document link are told so.
 */
function OpenCourse({
  requirement,
  signedIn,
}: {
  requirement: TSupplierRequirementDetails;
  signedIn: boolean;
}) {
  const permissions = usePermissions();
  const assignmentId = requirement.training?.assignmentId;
  if (!assignmentId) return null;
  if (signedIn && permissions.data?.personnelId === requirement.personnelId)
    return (
      <div className="row wrap">
        <Link className="btn btn-primary" to={trainingLinkPaths.status(assignmentId)}>
          Open the course
        </Link>
      </div>
    );
  return (
    <p className="text-secondary">
      {requirement.personnelName ?? 'The person'} takes it with the link in the course’s e-mail, or signed in
      to their own account.
    </p>
  );
}

function SendForm({
  requirement,
  authtoken,
  title,
}: {
  requirement: TSupplierRequirementDetails;
  authtoken: string | null;
  title: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [expiryDate, setExpiryDate] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (form: FormData) => sendCall(supplierRequirementUploadCall, { form }, linkOptions(authtoken)),
    onSuccess: async (result) => {
      toast.success(result.message);
      setFile(null);
      setNote('');
      await Promise.all(
        [requirementKeys.all, dashboardKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      notifyError(error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!file) missing.files = say.fileRequired;
    if (requirement.expires && !expiryDate) missing.expiryDate = say.expiryRequired;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const form = new FormData();
    form.append('_id', requirement._id);
    form.append('expiryDate', expiryDate);
    form.append('note', note.trim());
    form.append('files', file!, file!.name);
    send.mutate(form);
  };

  return (
    <section className="card" aria-label={title}>
      <form className="card-body stack" onSubmit={submit} noValidate>
        <h2 className="card-title">{title}</h2>
        <FileDrop
          label="Document"
          file={file}
          error={errors.files}
          onChange={(picked, problem) => {
            setErrors(problem ? { files: problem } : {});
            setFile(picked);
          }}
        />
        {requirement.expires && (
          <InputField
            label="Expiry date"
            type="date"
            value={expiryDate}
            error={errors.expiryDate}
            onValueChange={setExpiryDate}
          />
        )}
        <OptionalText label="Note (optional)" value={note} onChange={setNote} />
        <div className="row wrap">
          <Button
            type="submit"
            variant="primary"
            loading={send.isPending}
            icon={<Upload size={16} aria-hidden="true" />}
          >
            Send
          </Button>
        </div>
      </form>
    </section>
  );
}
