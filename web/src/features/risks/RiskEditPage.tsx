import {
  riskCalls,
  riskDetailsCall,
  riskMessages as say,
  riskPath,
  riskSaveCall,
  RISK_REGISTER_PATH,
  type TRating,
  type TRiskDetails,
} from '@compass/shared';
import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { callApi } from '../../api/client';
import { fieldErrorsOf } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { InputField, TextAreaField } from '../../components/FormField';
import { RatingPicker, sidesOf } from '../../components/RiskRating';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import {
  ItemState,
  ratingErrors,
  stewardshipBody,
  stewardshipErrors,
  stewardshipOf,
  STEWARDSHIP_FIELDS,
  StewardshipFields,
  useItemDetails,
  withoutErrors,
} from '../registerParts';
import { riskKeys } from './RiskRegisterPage';

/** /risk/register/new and /risk/register/:id/edit: the risk's description, ratings and schedule. */
export function RiskEditPage() {
  const { id } = useParams();
  const details = useItemDetails(riskKeys.all, id, (_id) => callApi(riskDetailsCall, { body: { _id } }));
  usePageTitle(id ? 'Edit risk' : 'New risk');
  if (id && !details.data) {
    return (
      <ItemState
        query={details}
        noun="risk"
        back={{ to: RISK_REGISTER_PATH, label: 'Back to the risk register' }}
      />
    );
  }
  return <RiskForm key={id ?? 'new'} risk={details.data ?? null} />;
}

function RiskForm({ risk }: { risk: TRiskDetails | null }) {
  const navigate = useNavigate();
  const [text, setText] = useState({
    name: risk?.name ?? '',
    hazard: risk?.hazard ?? '',
    consequences: risk?.consequences ?? '',
    existingControls: risk?.existingControls ?? '',
  });
  const [inherent, setInherent] = useState(sidesOf(risk?.inherent));
  const [residual, setResidual] = useState(sidesOf(risk?.residual));
  const [isMaster, setMaster] = useState(risk?.isMaster ?? false);
  const [stewardship, setStewardship] = useState(stewardshipOf(risk));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCall(riskSaveCall, {
    invalidate: [riskKeys.all, dashboardKeys.all, ['changeLog']],
    onSuccess: (saved) => void navigate(riskPath(saved._id)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {
      ...stewardshipErrors(stewardship),
      ...ratingErrors('inherent', inherent),
      ...ratingErrors('residual', residual),
    };
    if (!text.name.trim()) found.name = say.nameRequired;
    if (!text.hazard.trim()) found.hazard = say.hazardRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        body: {
          ...(risk && { _id: risk._id }),
          ...text,
          inherent: inherent as TRating,
          residual: residual as TRating,
          isMaster,
          ...stewardshipBody(stewardship),
        },
      },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  const cancel = risk ? riskPath(risk._id) : RISK_REGISTER_PATH;
  const set = (key: keyof typeof text) => (value: string) => {
    setText((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutErrors(current, key));
  };
  /** A changed value's own error goes: the rest stay until the next save. */
  const edited =
    <T,>(setValue: (value: T) => void, ...fields: string[]) =>
    (value: T) => {
      setValue(value);
      setErrors((current) => withoutErrors(current, ...fields));
    };
  return (
    <form className="admin-page stack-lg" onSubmit={submit} noValidate>
      <Link to={cancel} className="back-link">
        <ArrowLeft size={16} aria-hidden="true" /> {risk ? risk.name : 'Risk Register'}
      </Link>
      <div className="page-header">
        <div>
          <h1>{risk ? 'Edit risk' : 'New risk'}</h1>
          <p>
            Describe the hazard, rate it before and after the controls in place, and say who reviews it and
            when.
          </p>
        </div>
      </div>
      <section className="card" aria-labelledby="describe-title">
        <div className="card-header">
          <h2 id="describe-title">The risk</h2>
        </div>
        <div className="card-body stack">
          <InputField
            label="Risk"
            value={text.name}
            maxLength={200}
            error={errors.name}
            onValueChange={set('name')}
          />
          <TextAreaField
            label="Hazard"
            rows={3}
            maxLength={4000}
            value={text.hazard}
            error={errors.hazard}
            onValueChange={set('hazard')}
          />
          <TextAreaField
            label="Consequences"
            rows={3}
            maxLength={4000}
            value={text.consequences}
            error={errors.consequences}
            onValueChange={set('consequences')}
          />
          <TextAreaField
            label="Existing controls"
            rows={3}
            maxLength={4000}
            value={text.existingControls}
            error={errors.existingControls}
            onValueChange={set('existingControls')}
          />
          <label className="checkbox">
            <input type="checkbox" checked={isMaster} onChange={(event) => setMaster(event.target.checked)} />
            Master risk (offered in the forms’ master risk lists)
          </label>
        </div>
      </section>
      <section className="card" aria-labelledby="rating-title">
        <div className="card-header">
          <h2 id="rating-title">Rating</h2>
        </div>
        <div className="card-body stack">
          <RatingPicker
            legend="Before controls"
            value={inherent}
            onChange={edited(setInherent, 'inherent')}
            error={errors['inherent.likelihood'] ?? errors['inherent.consequence'] ?? errors.inherent}
          />
          <RatingPicker
            legend="After controls"
            value={residual}
            onChange={edited(setResidual, 'residual')}
            error={errors['residual.likelihood'] ?? errors['residual.consequence'] ?? errors.residual}
          />
        </div>
      </section>
      <section className="card" aria-labelledby="schedule-title">
        <div className="card-header">
          <h2 id="schedule-title">Owner and review</h2>
        </div>
        <div className="card-body">
          <StewardshipFields
            value={stewardship}
            onChange={edited(setStewardship, ...STEWARDSHIP_FIELDS)}
            errors={errors}
            calls={riskCalls}
            queryKey={riskKeys.all}
          />
        </div>
      </section>
      <div className="row">
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save risk
        </Button>
        <Link className="btn btn-ghost" to={cancel}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
