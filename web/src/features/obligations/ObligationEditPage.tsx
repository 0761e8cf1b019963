import {
  deleteAttachmentCall,
  displayDay,
  nextReviewProblem,
  OBLIGATION_TYPE_LABELS,
  OBLIGATION_TYPES,
  obligationAttachmentUploadCall,
  obligationDeleteCall,
  obligationDetailsCall,
  obligationSaveCall,
  ZObligationSave,
  type FrequencyUnit,
  type ObligationType,
  type TObligationDetails,
  type TObligationOptions,
  type TObligationSave,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { callApi } from '../../api/client';
import { fieldErrorsOf, notifyFirstProblem, schemaProblems } from '../../api/errors';
import { changeLogKeys, dashboardKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { CheckboxList } from '../../components/CheckboxList';
import { HistoryCard } from '../../components/ChangeLogPanel';
import { DeleteButton } from '../../components/ConfirmDialog';
import { FieldError } from '../../components/FieldError';
import { InputField, TextAreaField } from '../../components/FormField';
import { PersonField, type Person } from '../../components/PersonField';
import { SelectField } from '../../components/SelectField';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { browserToday } from '../../lib/timeZone';
import { Card } from '../../components/Card';
import { BackLink } from '../../components/PageHeader';
import { FilesCard, ItemUnavailable, ReviewScheduleFields } from '../registerParts';
import { ReviewHistory } from '../reviews';
import { OBLIGATION_PEOPLE, OBLIGATION_REVIEWERS, obligationKeys, useObligationOptions } from './api';
import { ComplianceBadge } from './parts';
import { questionDraftsOf, QuestionsCard, type QuestionDraft } from './QuestionsCard';

/** /obligation/new and /obligation/edit/:id: an obligation, its questions, files, reviews and history. */
export function ObligationEditPage() {
  const { id } = useParams();
  const isNew = !id;
  usePageTitle(isNew ? 'Add obligation' : 'Obligation');
  const [saves, setSaves] = useState(0);
  const options = useObligationOptions();
  const details = useQuery({
    queryKey: obligationKeys.details(id ?? 'new'),
    queryFn: () => callApi(obligationDetailsCall, { body: { _id: id! } }),
    enabled: !isNew,
    retry: false,
  });
  if (details.isError || options.isError)
    return (
      <ItemUnavailable
        noun="obligation"
        back={{ to: '/obligation/register', label: 'Back to the obligations' }}
      />
    );
  if (!options.data || (!isNew && !details.data)) return <PageSpinner />;
  return (
    <ObligationForm
      // Saved again: the form starts over from the saved obligation (its new questions have ids now).
      key={`${id ?? 'new'}/${saves}`}
      obligation={isNew ? null : details.data!}
      options={options.data}
      onSaved={() => setSaves((count) => count + 1)}
    />
  );
}

function ObligationForm({
  obligation,
  options,
  onSaved,
}: {
  obligation: TObligationDetails | null;
  options: TObligationOptions;
  onSaved: () => void;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState({
    name: obligation?.name ?? '',
    type: (obligation?.type ?? '') as ObligationType | '',
    authority: obligation?.authority ?? '',
    reference: obligation?.reference ?? '',
    description: obligation?.description ?? '',
    workplaceIds: obligation?.workplaceIds ?? [],
    reviewFrequency: (obligation?.reviewFrequency ?? '') as FrequencyUnit | '',
    nextReviewDate: obligation?.nextReviewDate ?? '',
    reviewer: (obligation?.reviewer ?? null) as Person | null,
    coReviewer: (obligation?.coReviewer ?? null) as Person | null,
  });
  const [owner, setOwner] = useState<Person | null>(obligation?.owner ?? null);
  const [questions, setQuestions] = useState<QuestionDraft[]>(questionDraftsOf(obligation));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  const save = useCall(obligationSaveCall, {
    invalidate: [obligationKeys.all, dashboardKeys.all, changeLogKeys.all],
    onSuccess: ({ _id }) => {
      if (obligation) onSaved();
      else void navigate(`/obligation/edit/${_id}`, { replace: true });
    },
  });
  const answered = obligation?.questions.filter((question) => question.isComplete) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TObligationSave = {
      ...(obligation && { _id: obligation._id }),
      name: values.name,
      type: values.type as ObligationType,
      authority: values.authority,
      reference: values.reference,
      description: values.description,
      ownerId: owner?._id ?? null,
      workplaceIds: values.workplaceIds,
      reviewFrequency: values.reviewFrequency as FrequencyUnit,
      reviewerId: values.reviewer?._id as string,
      coReviewerId: values.coReviewer?._id ?? null,
      nextReviewDate: values.nextReviewDate,
      questions: questions.map((question) => ({
        ...(question._id && { _id: question._id }),
        reference: question.reference,
        instruction: question.instruction,
        assigneeId: question.assignee?._id as string,
        dueDate: question.dueDate,
      })),
    };
    // The server's schema and rule, run here first: the same messages before anything is sent.
    const problems = schemaProblems(ZObligationSave, body);
    if (values.nextReviewDate && values.nextReviewDate !== obligation?.nextReviewDate) {
      const problem = nextReviewProblem(values.nextReviewDate, browserToday());
      if (problem) problems.nextReviewDate ??= problem;
    }
    setErrors(problems);
    if (notifyFirstProblem(problems)) return;
    save.mutate({ body }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };

  return (
    <div className="admin-page stack-lg">
      <BackLink to="/obligation/register" label="Obligations" />
      <ObligationHeader obligation={obligation} />
      <form className="stack-lg" onSubmit={submit} noValidate aria-label="Obligation">
        <DetailsCard
          values={values}
          set={set}
          owner={owner}
          setOwner={setOwner}
          errors={errors}
          workplaces={options.workplaces}
          isNew={!obligation}
        />

        <Card title="Review" flat>
          <div className="form-grid">
            <ReviewScheduleFields
              value={values}
              onChange={set}
              errors={errors}
              reviewers={OBLIGATION_REVIEWERS}
              frequencyNone="Choose how often"
              coReviewerLabel="Co-reviewer (reviews first)"
            />
          </div>
        </Card>

        <QuestionsCard
          answered={answered}
          questions={questions}
          setQuestions={setQuestions}
          errors={errors}
          setErrors={setErrors}
        />
        <div>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {obligation ? 'Save obligation' : 'Create obligation'}
          </Button>
        </div>
      </form>
      {obligation && (
        <>
          <ObligationFiles obligation={obligation} />
          <ReviewHistory history={obligation.reviewHistory} />
          <HistoryCard entityType="obligation" entityId={obligation._id} />
        </>
      )}
    </div>
  );
}

interface DetailValues {
  name: string;
  type: ObligationType | '';
  authority: string;
  reference: string;
  description: string;
  workplaceIds: string[];
}

/** What the obligation is, who owns it and where it applies. */
function DetailsCard({
  values,
  set,
  owner,
  setOwner,
  errors,
  workplaces,
  isNew,
}: {
  values: DetailValues;
  set: (key: keyof DetailValues, value: DetailValues[keyof DetailValues]) => void;
  owner: Person | null;
  setOwner: (owner: Person | null) => void;
  errors: Record<string, string>;
  workplaces: TObligationOptions['workplaces'];
  isNew: boolean;
}) {
  return (
    <Card title="Obligation" flat>
      <div className="form-grid">
        <InputField
          label="Name"
          value={values.name}
          error={errors.name}
          maxLength={200}
          autoFocus={isNew}
          onValueChange={(value) => set('name', value)}
        />
        <SelectField
          label="Type"
          value={values.type}
          none="Choose a type"
          options={OBLIGATION_TYPES.map((value) => ({ value, label: OBLIGATION_TYPE_LABELS[value] }))}
          error={errors.type}
          onChange={(value) => set('type', value as ObligationType | '')}
        />
        <InputField
          label="Jurisdiction / authority"
          value={values.authority}
          placeholder="e.g. NSW — SafeWork NSW"
          maxLength={200}
          onValueChange={(value) => set('authority', value)}
        />
        <InputField
          label="Reference or clause"
          value={values.reference}
          placeholder="e.g. s.19, licence number, clause 12.3"
          maxLength={200}
          onValueChange={(value) => set('reference', value)}
        />
        <PersonField
          {...OBLIGATION_PEOPLE}
          label="Owner"
          value={owner}
          error={errors.ownerId}
          optional
          onChange={setOwner}
        />
      </div>
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={10_000}
        value={values.description}
        onValueChange={(value) => set('description', value)}
      />
      <fieldset className="field">
        <legend className="field-label">Applies to</legend>
        <p className="text-sm text-secondary">None ticked: every workplace.</p>
        <div className="checkbox-grid">
          <CheckboxList
            choices={workplaces}
            chosen={values.workplaceIds}
            onChange={(chosen) => set('workplaceIds', chosen)}
          />
        </div>
        <FieldError id="obligation-workplaces-error" message={errors.workplaceIds} />
      </fieldset>
    </Card>
  );
}

/** The obligation's name and where it stands, Open your review and Delete; for a new one, the title. */
function ObligationHeader({ obligation }: { obligation: TObligationDetails | null }) {
  const navigate = useNavigate();
  const remove = useCall(obligationDeleteCall, {
    invalidate: [obligationKeys.all, dashboardKeys.all],
    onSuccess: () => void navigate('/obligation/register'),
  });
  return (
    <div className="page-header">
      <div>
        <h1>{obligation ? obligation.name : 'Add obligation'}</h1>
        {obligation && (
          <p>
            <ComplianceBadge compliance={obligation.compliance} /> {OBLIGATION_TYPE_LABELS[obligation.type]}
            {obligation.nextReviewDate && ` · next review ${displayDay(obligation.nextReviewDate)}`}
          </p>
        )}
      </div>
      {obligation && (
        <div className="row wrap">
          {obligation.myReview && (
            <Link
              className="btn btn-primary"
              to={`/obligation/review/${obligation._id}/${obligation.myReview}`}
            >
              <ClipboardCheck size={16} aria-hidden="true" />{' '}
              {obligation.myReview === 'coReview' ? 'Open your co-review' : 'Open your review'}
            </Link>
          )}
          <DeleteButton
            title="Delete this obligation?"
            confirmLabel="Delete obligation"
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ body: { _id: obligation._id } })}
          >
            <p>
              {obligation.name} leaves the register with its questions (answered ones too), files and open
              review. This cannot be undone.
            </p>
          </DeleteButton>
        </div>
      )}
    </div>
  );
}

/** The obligation's files (a licence, the act's text): added at once, downloaded, deleted. */
function ObligationFiles({ obligation }: { obligation: TObligationDetails }) {
  const changes = [obligationKeys.details(obligation._id), changeLogKeys.all];
  const upload = useCall(obligationAttachmentUploadCall, { invalidate: changes });
  const remove = useCall(deleteAttachmentCall, { invalidate: changes });
  return (
    <FilesCard
      recordId={obligation._id}
      attachments={obligation.attachments}
      upload={{ pending: upload.isPending, onUpload: (form) => upload.mutate({ form }) }}
      remove={{
        pending: remove.isPending,
        onDelete: (file) =>
          remove.mutate({ body: { fileType: 'obligation', fileId: file._id, _id: obligation._id } }),
      }}
    />
  );
}
