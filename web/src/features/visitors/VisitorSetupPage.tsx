import {
  visitorSetupPath,
  visitorSetupSaveCall,
  ZVisitorSetupSave,
  type TVisitorQuestion,
  type TVisitorSetup,
} from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { InputField, TextAreaField } from '../../components/FormField';
import { BackLink } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { ItemUnavailable } from '../registerParts';
import { useVisitorSetup, VISITOR_WRITES } from './api';
import { SetupKiosksCard } from './SetupKiosksCard';
import { SetupDocumentsCard } from './SetupDocumentsCard';
import { SetupQuestions } from './SetupQuestions';

const BACK = { to: visitorSetupPath(), label: 'Vismate Setup' };

/** /configure-vismate/setup/:workplaceId: what the workplace's kiosk asks and shows, its documents and its kiosks. */
export function VisitorSetupPage() {
  const { workplaceId = '' } = useParams();
  const setup = useVisitorSetup(workplaceId);
  usePageTitle(setup.data ? `Setup — ${setup.data.workplace}` : 'Vismate Setup');
  if (setup.isError)
    return <ItemUnavailable noun="workplace" back={{ ...BACK, label: 'Back to Vismate Setup' }} />;
  if (!setup.data) return <PageSpinner />;
  return (
    <div className="admin-page stack-lg">
      <BackLink {...BACK} />
      <div className="page-header">
        <div>
          <h1>Setup — {setup.data.workplace}</h1>
          <p>
            {setup.data.configured === 'yes'
              ? 'What the kiosk asks visitors and contractors when they sign in.'
              : 'Not set up yet: the kiosk uses the defaults below until the setup is saved.'}
          </p>
        </div>
      </div>
      <div className="register-columns">
        <SetupForm key={workplaceId} setup={setup.data} />
        <SetupDocumentsCard workplaceId={workplaceId} documents={setup.data.documents} />
      </div>
      {/* Full width: the kiosks' table has six columns. */}
      <SetupKiosksCard workplaceId={workplaceId} kiosks={setup.data.kiosks} />
    </div>
  );
}

interface SetupValues {
  siteRules: string;
  takeSignature: boolean;
  takePhoto: boolean;
  notifyHost: boolean;
  /** As typed: the schema says when it is not a whole number of days. */
  retentionDays: string;
  questions: TVisitorQuestion[];
}

const CHECKS = [
  { key: 'takeSignature', label: 'Ask for a signature' },
  { key: 'takePhoto', label: 'Take a photo' },
  { key: 'notifyHost', label: 'Tell the host by e-mail' },
] as const;

function SetupForm({ setup }: { setup: TVisitorSetup }) {
  const [values, setValues] = useState<SetupValues>(() => ({
    siteRules: setup.siteRules,
    takeSignature: setup.takeSignature,
    takePhoto: setup.takePhoto,
    notifyHost: setup.notifyHost,
    retentionDays: String(setup.retentionDays),
    questions: setup.questions,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCall(visitorSetupSaveCall, { invalidate: VISITOR_WRITES });
  const set = <K extends keyof SetupValues>(key: K, value: SetupValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _changed, ...rest }) => rest);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = values.retentionDays.trim();
    const body = {
      ...values,
      workplaceId: setup.workplaceId,
      // An empty box is no number at all (refused with the retention message), not 0.
      retentionDays: text === '' ? Number.NaN : Number(text),
    };
    const problems = schemaProblems(ZVisitorSetupSave, body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate({ body }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  return (
    <form className="stack-lg" onSubmit={submit} noValidate aria-label="Kiosk setup">
      <Card title="Sign-in">
        <div className="stack">
          <TextAreaField
            label="Site rules"
            rows={6}
            value={values.siteRules}
            maxLength={20_000}
            error={errors.siteRules}
            onValueChange={(siteRules) => set('siteRules', siteRules)}
          />
          {CHECKS.map((check) => (
            <label key={check.key} className="checkbox">
              <input
                type="checkbox"
                checked={values[check.key]}
                onChange={(event) => set(check.key, event.target.checked)}
              />
              {check.label}
            </label>
          ))}
          <InputField
            label="Keep visit records for (days)"
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            value={values.retentionDays}
            error={errors.retentionDays}
            onValueChange={(days) => set('retentionDays', days)}
          />
        </div>
      </Card>
      <SetupQuestions
        questions={values.questions}
        errors={errors}
        onChange={(questions) => {
          setValues((current) => ({ ...current, questions }));
          // Question errors are by position: a change anywhere in the list may move them.
          setErrors((current) =>
            Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('questions'))),
          );
        }}
      />
      <div className="row">
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save setup
        </Button>
      </div>
    </form>
  );
}
