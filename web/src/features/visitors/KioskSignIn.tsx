import {
  kioskMessages,
  ZKioskSignIn,
  type TKioskSetup,
  type TVisitorQuestion,
  type VisitKind,
} from '@compass/shared';
import { ArrowLeft, Building2, HardHat } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { describeError, fieldErrorsOf, schemaProblems } from '../../api/errors';
import { Button } from '../../components/Button';
import { KioskCombobox, type KioskOption } from './KioskCombobox';
import {
  FlowHeading,
  KioskDocuments,
  KioskTextField,
  PhotoInput,
  QuestionField,
  SignatureField,
  SiteRules,
} from './KioskParts';
import { searchKioskHosts, searchKioskSuppliers, signInAtKiosk } from './kioskApi';

/** What a visitor has filled in so far. */
interface Draft {
  fullName: string;
  visitorCompany: string;
  supplier: KioskOption | null;
  host: KioskOption | null;
  purpose: string;
  phone: string;
  answers: Record<string, string>;
  acceptRules: boolean;
  signature: string;
  photo: File | null;
}

const EMPTY_DRAFT: Draft = {
  fullName: '',
  visitorCompany: '',
  supplier: null,
  host: null,
  purpose: '',
  phone: '',
  answers: {},
  acceptRules: false,
  signature: '',
  photo: null,
};

/** The key a question's problem is shown under. */
const answerKey = (question: TVisitorQuestion) => `answer:${question._id}`;

/** The sign-in's text fields as the multipart body sends them (the photo is added apart). */
function signInFields(setup: TKioskSetup, kind: VisitKind, draft: Draft): Record<string, string> {
  const answers = setup.questions
    .map((question) => ({ questionId: question._id, value: (draft.answers[question._id] ?? '').trim() }))
    .filter((answer) => answer.value !== '');
  return {
    kind,
    fullName: draft.fullName,
    purpose: draft.purpose,
    phone: draft.phone,
    answers: JSON.stringify(answers),
    acceptRules: draft.acceptRules ? 'yes' : 'no',
    ...(kind === 'visitor' ? { visitorCompany: draft.visitorCompany } : {}),
    ...(kind === 'contractor' && draft.supplier ? { supplierId: draft.supplier._id } : {}),
    ...(draft.host ? { hostEmployeeId: draft.host._id } : {}),
    ...(setup.takeSignature && draft.signature ? { signature: draft.signature } : {}),
  };
}

/** What stops the sign-in before it is sent: the contract's checks, then what the setup asks. */
function draftProblems(setup: TKioskSetup, fields: Record<string, string>, draft: Draft) {
  const problems = schemaProblems(ZKioskSignIn, fields);
  // The contract's own check of the company runs only once the rest parses: asked here with the rest.
  if (fields.kind === 'contractor' && !fields.supplierId)
    problems.supplierId ??= kioskMessages.supplierRequired;
  for (const question of setup.questions) {
    if (question.required && !(draft.answers[question._id] ?? '').trim())
      problems[answerKey(question)] = kioskMessages.answerRequired(question.label);
  }
  if (setup.siteRules.trim() && !draft.acceptRules) problems.acceptRules = kioskMessages.rulesRequired;
  if (setup.takeSignature && !draft.signature) problems.signature = kioskMessages.signatureRequired;
  if (setup.takePhoto && !draft.photo) problems.photo = kioskMessages.photoRequired;
  return problems;
}

/** The server's refusal by field; an unanswered question is known by its message. */
function serverProblems(setup: TKioskSetup, error: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const question = setup.questions.find((q) => message === kioskMessages.answerRequired(q.label));
    problems[question ? answerKey(question) : field] = message;
  }
  return problems;
}

const SHOWN_BY_FIELD = ['fullName', 'visitorCompany', 'supplierId', 'hostEmployeeId', 'purpose', 'phone'];

/**
 * The one alert of a refused form: a failure no field shows, otherwise how many fields to mend (each
 * field shows its own message by it).
 */
function summaryOf(setup: TKioskSetup, problems: Record<string, string>): string | null {
  const placed = new Set([
    ...SHOWN_BY_FIELD,
    ...setup.questions.map(answerKey),
    ...(setup.siteRules.trim() ? ['acceptRules'] : []),
    ...(setup.takeSignature ? ['signature'] : []),
    ...(setup.takePhoto ? ['photo'] : []),
  ]);
  const unplaced = Object.entries(problems).find(([field]) => !placed.has(field));
  if (unplaced) return unplaced[1];
  const count = Object.keys(problems).length;
  if (count === 0) return null;
  return count === 1 ? 'Please check the marked field.' : `Please check the ${count} marked fields.`;
}

interface FlowProps {
  authtoken: string;
  setup: TKioskSetup;
  /** Signed in: the kiosk greets them and goes back to its start. */
  onDone: (message: string) => void;
  onCancel: () => void;
  /** A call failed (a refused link ends the kiosk's session). */
  onFailure: (error: unknown) => void;
}

/** The sign-in: a visitor or a contractor, then the form for them. */
export function KioskSignIn(props: FlowProps) {
  const [kind, setKind] = useState<VisitKind | null>(null);
  if (kind) return <SignInForm {...props} kind={kind} onBack={() => setKind(null)} />;
  return (
    <section className="kiosk-flow" aria-labelledby="kiosk-kind-title">
      <FlowHeading id="kiosk-kind-title">Sign in</FlowHeading>
      <div className="kiosk-choices">
        <Button
          variant="primary"
          size="lg"
          className="kiosk-big"
          icon={<Building2 size={32} aria-hidden="true" />}
          onClick={() => setKind('visitor')}
        >
          I&apos;m visiting
        </Button>
        <Button
          variant="primary"
          size="lg"
          className="kiosk-big"
          icon={<HardHat size={32} aria-hidden="true" />}
          onClick={() => setKind('contractor')}
        >
          I&apos;m a contractor
        </Button>
      </div>
      <Button size="lg" variant="ghost" className="kiosk-back" onClick={props.onCancel}>
        Cancel
      </Button>
    </section>
  );
}

/** False once the form is gone (the kiosk went back to its start): a late answer is not shown. */
function useShown() {
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return shown;
}

/**
 * The first field to mend gets the focus, so a screen reader hears what is wrong; a yes-or-no
 * question is marked on its group, which takes no focus: its first answer does.
 */
function useFocusFirstProblem(formRef: RefObject<HTMLFormElement | null>, problems: Record<string, string>) {
  useEffect(() => {
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid?.matches('fieldset') ? invalid.querySelector<HTMLElement>('input') : invalid;
    target?.focus();
  }, [formRef, problems]);
}

function FormHead({ title, busy, onBack }: { title: string; busy: boolean; onBack: () => void }) {
  return (
    <div className="kiosk-flow-head">
      <Button
        variant="ghost"
        size="lg"
        icon={<ArrowLeft size={22} aria-hidden="true" />}
        disabled={busy}
        onClick={onBack}
      >
        Back
      </Button>
      <FlowHeading>{title}</FlowHeading>
    </div>
  );
}

function SignInForm({
  authtoken,
  setup,
  kind,
  onDone,
  onCancel,
  onBack,
  onFailure,
}: FlowProps & { kind: VisitKind; onBack: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const shown = useShown();
  useFocusFirstProblem(formRef, problems);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((now) => ({ ...now, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = signInFields(setup, kind, draft);
    const found = draftProblems(setup, fields, draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (setup.takePhoto && draft.photo) form.append('photo', draft.photo, draft.photo.name);
    setSending(true);
    try {
      const visit = await signInAtKiosk(authtoken, form);
      if (shown.current) onDone(kioskMessages.welcome(visit.fullName));
    } catch (error) {
      onFailure(error);
      if (!shown.current) return;
      const byField = serverProblems(setup, error);
      setProblems(Object.keys(byField).length > 0 ? byField : { form: describeError(error).message });
      setSending(false);
    }
  };

  const formProblem = summaryOf(setup, problems);
  const contractor = kind === 'contractor';
  return (
    <form ref={formRef} className="kiosk-flow kiosk-form" noValidate onSubmit={(event) => void submit(event)}>
      <FormHead
        title={contractor ? 'Contractor sign-in' : 'Visitor sign-in'}
        busy={sending}
        onBack={onBack}
      />
      <KioskTextField
        label="Full name"
        required
        maxLength={200}
        value={draft.fullName}
        error={problems.fullName}
        onChange={(value) => set('fullName', value)}
      />
      {contractor ? (
        <KioskCombobox
          label="Your company"
          required
          authtoken={authtoken}
          what="suppliers"
          value={draft.supplier}
          onChange={(option) => set('supplier', option)}
          search={(text) => searchKioskSuppliers(authtoken, text)}
          error={problems.supplierId}
          onFailure={onFailure}
        />
      ) : (
        <KioskTextField
          label="Company"
          maxLength={200}
          value={draft.visitorCompany}
          error={problems.visitorCompany}
          onChange={(value) => set('visitorCompany', value)}
        />
      )}
      <KioskCombobox
        label="Who are you visiting?"
        authtoken={authtoken}
        what="hosts"
        value={draft.host}
        onChange={(option) => set('host', option)}
        search={(text) => searchKioskHosts(authtoken, text)}
        error={problems.hostEmployeeId}
        onFailure={onFailure}
      />
      <KioskTextField
        label="Purpose of visit"
        required
        maxLength={500}
        value={draft.purpose}
        error={problems.purpose}
        onChange={(value) => set('purpose', value)}
      />
      <KioskTextField
        label="Phone"
        type="tel"
        maxLength={40}
        value={draft.phone}
        error={problems.phone}
        onChange={(value) => set('phone', value)}
      />
      {setup.questions.map((question) => (
        <QuestionField
          key={question._id}
          question={question}
          value={draft.answers[question._id] ?? ''}
          error={problems[answerKey(question)]}
          onChange={(value) => set('answers', { ...draft.answers, [question._id]: value })}
        />
      ))}
      <KioskDocuments authtoken={authtoken} documents={setup.documents} onFailure={onFailure} />
      {setup.siteRules.trim() && (
        <SiteRules
          rules={setup.siteRules}
          accepted={draft.acceptRules}
          error={problems.acceptRules}
          onChange={(accepted) => set('acceptRules', accepted)}
        />
      )}
      {setup.takeSignature && (
        <SignatureField
          value={draft.signature}
          error={problems.signature}
          onChange={(value) => set('signature', value)}
        />
      )}
      {setup.takePhoto && (
        <PhotoInput photo={draft.photo} error={problems.photo} onChange={(photo) => set('photo', photo)} />
      )}
      {formProblem && (
        <p className="field-error kiosk-form-error" role="alert">
          {formProblem}
        </p>
      )}
      <div className="kiosk-actions">
        <Button size="lg" variant="ghost" disabled={sending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="lg" variant="primary" loading={sending}>
          Sign in
        </Button>
      </div>
    </form>
  );
}
