import {
  deleteAttachmentCall,
  displayDay,
  FREQUENCY_UNITS,
  localDateOf,
  nextReviewProblem,
  OBLIGATION_COMPLIANCE_LABELS,
  OBLIGATION_TYPE_LABELS,
  OBLIGATION_TYPES,
  obligationAttachmentUploadCall,
  obligationDeleteCall,
  obligationDetailsCall,
  obligationOptionsCall,
  obligationPeopleSearchCall,
  obligationSaveCall,
  ZObligationSave,
  type FrequencyUnit,
  type ObligationType,
  type TObligationDetails,
  type TObligationOptions,
  type TObligationSave,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ClipboardCheck, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { callApi, downloadFile } from '../../api/client';
import { fieldErrorsOf, notifyError, notifyFirstProblem, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { ActionAttachmentList } from '../../components/ActionParts';
import { AddFilesButton } from '../../components/AddFilesButton';
import { Button } from '../../components/Button';
import { CheckboxList } from '../../components/CheckboxList';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { DeleteButton } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { FieldError } from '../../components/FieldError';
import { InputField, TextAreaField } from '../../components/FormField';
import { NO_ACCOUNT_MATCH, PersonField, pickerPageOf, type Person } from '../../components/PersonField';
import { SelectField } from '../../components/SelectField';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { ReviewHistory } from '../reviews';
import { COMPLIANCE_BADGES, obligationKeys } from './ObligationsPage';

/** Owners, reviewers and assignees: the obligation key's people search. */
const OBLIGATION_PEOPLE = {
  queryKey: ['obligations', 'people'],
  search: async (text: string) =>
    pickerPageOf(await callApi(obligationPeopleSearchCall, { body: { search: text } })),
  empty: NO_ACCOUNT_MATCH,
};

/** An open question as the form holds it; `key` tells new rows apart before they have an id. */
interface QuestionDraft {
  key: string;
  _id?: string;
  reference: string;
  instruction: string;
  assignee: Person | null;
  dueDate: string;
}

const browserToday = () => localDateOf(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

/** /obligation/new and /obligation/edit/:id: an obligation, its questions, files, reviews and history. */
export function ObligationEditPage() {
  const { id } = useParams();
  const isNew = !id;
  usePageTitle(isNew ? 'Add obligation' : 'Obligation');
  const [saves, setSaves] = useState(0);
  const options = useQuery({
    queryKey: obligationKeys.options,
    queryFn: () => callApi(obligationOptionsCall, {}),
  });
  const details = useQuery({
    queryKey: obligationKeys.details(id ?? 'new'),
    queryFn: () => callApi(obligationDetailsCall, { body: { _id: id! } }),
    enabled: !isNew,
    retry: false,
  });
  if (details.isError || options.isError)
    return (
      <div className="admin-page stack-lg">
        <BackLink />
        <p className="alert alert-danger" role="alert">
          This obligation cannot be opened: it may have been removed, or it belongs to another organisation.
        </p>
      </div>
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

function BackLink() {
  return (
    <Link to="/obligation/register" className="back-link">
      <ArrowLeft size={16} aria-hidden="true" /> Obligations
    </Link>
  );
}

let draftKeys = 0;
const newKey = () => `new-${++draftKeys}`;

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
  });
  const [owner, setOwner] = useState<Person | null>(obligation?.owner ?? null);
  const [reviewer, setReviewer] = useState<Person | null>(obligation?.reviewer ?? null);
  const [coReviewer, setCoReviewer] = useState<Person | null>(obligation?.coReviewer ?? null);
  const [questions, setQuestions] = useState<QuestionDraft[]>(
    (obligation?.questions ?? [])
      .filter((question) => !question.isComplete)
      .map((question) => ({
        key: question._id,
        _id: question._id,
        reference: question.reference,
        instruction: question.instruction,
        assignee: question.assignee,
        dueDate: question.dueDate,
      })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  const save = useCall(obligationSaveCall, {
    invalidate: [obligationKeys.all, dashboardKeys.all, ['changeLog']],
    onSuccess: ({ _id }) => {
      if (obligation) onSaved();
      else void navigate(`/obligation/edit/${_id}`, { replace: true });
    },
  });
  const answered = obligation?.questions.filter((question) => question.isComplete) ?? [];
  const remove = useCall(obligationDeleteCall, {
    invalidate: [obligationKeys.all, dashboardKeys.all],
    onSuccess: () => void navigate('/obligation/register'),
  });

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
      reviewerId: reviewer?._id as string,
      coReviewerId: coReviewer?._id ?? null,
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

  const setQuestion = (index: number, change: Partial<QuestionDraft>) => {
    setQuestions((current) =>
      current.map((question, at) => (at === index ? { ...question, ...change } : question)),
    );
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([field]) => !field.startsWith(`questions.${index}`)),
      ),
    );
  };

  return (
    <div className="admin-page stack-lg">
      <BackLink />
      <div className="page-header">
        <div>
          <h1>{obligation ? obligation.name : 'Add obligation'}</h1>
          {obligation && (
            <p>
              <span className={`badge ${COMPLIANCE_BADGES[obligation.compliance]}`}>
                {OBLIGATION_COMPLIANCE_LABELS[obligation.compliance]}
              </span>{' '}
              {OBLIGATION_TYPE_LABELS[obligation.type]}
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
      <form className="stack-lg" onSubmit={submit} noValidate aria-label="Obligation">
        <section className="card card-body stack" aria-labelledby="obligation-details">
          <h2 id="obligation-details" className="card-title">
            Obligation
          </h2>
          <div className="form-grid">
            <InputField
              label="Name"
              value={values.name}
              error={errors.name}
              maxLength={200}
              autoFocus={!obligation}
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
                choices={options.workplaces}
                chosen={values.workplaceIds}
                onChange={(chosen) => set('workplaceIds', chosen)}
              />
            </div>
            <FieldError id="obligation-workplaces-error" message={errors.workplaceIds} />
          </fieldset>
        </section>

        <section className="card card-body stack" aria-labelledby="obligation-review">
          <h2 id="obligation-review" className="card-title">
            Review
          </h2>
          <div className="form-grid">
            <SelectField
              label="Review frequency"
              value={values.reviewFrequency}
              none="Choose how often"
              options={FREQUENCY_UNITS.map((unit) => ({ value: unit.key, label: unit.label }))}
              error={errors.reviewFrequency}
              onChange={(value) => set('reviewFrequency', value as FrequencyUnit | '')}
            />
            <InputField
              label="Next review"
              type="date"
              value={values.nextReviewDate}
              min={browserToday()}
              error={errors.nextReviewDate}
              onValueChange={(value) => set('nextReviewDate', value)}
            />
            <PersonField
              {...OBLIGATION_PEOPLE}
              label="Reviewer"
              value={reviewer}
              error={errors.reviewerId}
              onChange={setReviewer}
            />
            <PersonField
              {...OBLIGATION_PEOPLE}
              label="Co-reviewer (reviews first)"
              value={coReviewer}
              error={errors.coReviewerId}
              optional
              onChange={setCoReviewer}
            />
          </div>
        </section>

        <section className="card stack" aria-labelledby="obligation-questions">
          <div className="card-header">
            <h2 id="obligation-questions">Questions</h2>
          </div>
          <div className="card-body stack">
            <p className="text-secondary">
              Each question goes to its assignee’s dashboard (Assigned Actions), where they answer it.
            </p>
            {answered.length > 0 && <AnsweredQuestions questions={answered} />}
            {questions.length === 0 && answered.length === 0 && (
              <p className="text-secondary">
                No questions yet: add one to check compliance with this obligation.
              </p>
            )}
            {questions.map((question, index) => (
              <fieldset
                key={question.key}
                className="question-editor stack"
                aria-label={`Question ${index + 1}`}
              >
                <div className="form-grid">
                  <InputField
                    label="Reference"
                    value={question.reference}
                    error={errors[`questions.${index}.reference`] ?? errors[`questions.${index}`]}
                    maxLength={200}
                    placeholder="e.g. s.47 Duty to consult"
                    onValueChange={(reference) => setQuestion(index, { reference })}
                  />
                  <InputField
                    label="Due date"
                    type="date"
                    value={question.dueDate}
                    error={errors[`questions.${index}.dueDate`]}
                    onValueChange={(dueDate) => setQuestion(index, { dueDate })}
                  />
                  <PersonField
                    {...OBLIGATION_PEOPLE}
                    label="Assignee"
                    value={question.assignee}
                    error={errors[`questions.${index}.assigneeId`]}
                    onChange={(assignee) => setQuestion(index, { assignee })}
                  />
                </div>
                <TextAreaField
                  label="Question or instruction"
                  rows={2}
                  maxLength={4000}
                  value={question.instruction}
                  error={errors[`questions.${index}.instruction`]}
                  onValueChange={(instruction) => setQuestion(index, { instruction })}
                />
                <div>
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={<Trash2 size={14} aria-hidden="true" />}
                    onClick={() => setQuestions((current) => current.filter((_, at) => at !== index))}
                  >
                    Remove question {index + 1}
                  </Button>
                </div>
              </fieldset>
            ))}
            <div>
              <Button
                icon={<Plus size={16} aria-hidden="true" />}
                onClick={() =>
                  setQuestions((current) => [
                    ...current,
                    { key: newKey(), reference: '', instruction: '', assignee: null, dueDate: '' },
                  ])
                }
              >
                Add question
              </Button>
            </div>
          </div>
        </section>
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
          <section className="card card-body stack" aria-labelledby="obligation-history">
            <h2 id="obligation-history" className="card-title">
              History
            </h2>
            <ChangeLogPanel entityType="obligation" entityId={obligation._id} />
          </section>
        </>
      )}
    </div>
  );
}

/** Questions the assignees have answered: read-only, with the answer, who gave it and when. */
function AnsweredQuestions({ questions }: { questions: TObligationDetails['questions'] }) {
  return (
    <DataTable
      columns={['Reference', 'Question', 'Answer', 'Answered by', 'On']}
      caption="Answered questions"
    >
      {questions.map((question) => (
        <tr key={question._id}>
          <td>{question.reference}</td>
          <td className="pre-line">{question.instruction}</td>
          <td className="pre-line">{question.response}</td>
          <td>{question.answeredBy ?? '—'}</td>
          <td>{question.completedOn ? displayDay(question.completedOn) : '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The obligation's files (a licence, the act's text): added at once, downloaded, deleted. */
function ObligationFiles({ obligation }: { obligation: TObligationDetails }) {
  const changes = [obligationKeys.details(obligation._id), ['changeLog']];
  const upload = useCall(obligationAttachmentUploadCall, { invalidate: changes });
  const remove = useCall(deleteAttachmentCall, { invalidate: changes });
  return (
    <section className="card card-body stack" aria-labelledby="obligation-files">
      <h2 id="obligation-files" className="card-title">
        Files
      </h2>
      <ActionAttachmentList
        stored={obligation.attachments}
        pending={[]}
        onDownload={(file) => void downloadFile(file.path, file.name).catch(notifyError)}
        onDelete={(file) =>
          remove.mutate({ body: { fileType: 'obligation', fileId: file._id, _id: obligation._id } })
        }
        deleteDisabled={remove.isPending}
      />
      <AddFilesButton
        recordId={obligation._id}
        pending={upload.isPending}
        onUpload={(form) => upload.mutate({ form })}
      />
    </section>
  );
}
