import {
  riskDetailsCall,
  riskMessages as say,
  riskPath,
  riskSaveCall,
  RISK_REGISTER_PATH,
  type TRating,
  type TRiskDetails,
} from '@compass/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { callApi } from '../../api/client';
import { fieldErrorsOf } from '../../api/errors';
import { changeLogKeys, dashboardKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { InputField, TextAreaField } from '../../components/FormField';
import { RatingPicker, sidesOf } from '../../components/RiskRating';
import { Card } from '../../components/Card';
import {
  ItemEditForm,
  ItemEditRoute,
  ratingError,
  ratingErrors,
  stewardshipBody,
  stewardshipErrors,
  useEditFields,
} from '../registerParts';
import { RISK_REGISTER, riskKeys } from './api';

/** /risk/register/new and /risk/register/:id/edit: the risk's description, ratings and schedule. */
export function RiskEditPage() {
  return (
    <ItemEditRoute
      register={RISK_REGISTER}
      fetch={(_id) => callApi(riskDetailsCall, { body: { _id } })}
      titles={{ edit: 'Edit risk', new: 'New risk' }}
    >
      {(risk) => <RiskForm risk={risk} />}
    </ItemEditRoute>
  );
}

function RiskForm({ risk }: { risk: TRiskDetails | null }) {
  const navigate = useNavigate();
  const { text, set, stewardship, stewardshipFields, errors, setErrors, edited } = useEditFields(
    {
      name: risk?.name ?? '',
      hazard: risk?.hazard ?? '',
      consequences: risk?.consequences ?? '',
      existingControls: risk?.existingControls ?? '',
    },
    risk,
  );
  const [inherent, setInherent] = useState(sidesOf(risk?.inherent));
  const [residual, setResidual] = useState(sidesOf(risk?.residual));
  const [isMaster, setMaster] = useState(risk?.isMaster ?? false);
  const save = useCall(riskSaveCall, {
    invalidate: [riskKeys.all, dashboardKeys.all, changeLogKeys.all],
    onSuccess: (saved) => void navigate(riskPath(saved._id)),
  });
  const submit = () => {
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
  return (
    <ItemEditForm
      register={RISK_REGISTER}
      itemName={risk?.name}
      cancel={risk ? riskPath(risk._id) : RISK_REGISTER_PATH}
      heading={risk ? 'Edit risk' : 'New risk'}
      intro="Describe the hazard, rate it before and after the controls in place, and say who reviews it and when."
      stewardship={stewardshipFields}
      submitLabel="Save risk"
      pending={save.isPending}
      onSubmit={submit}
    >
      <Card title="The risk" bodyClassName="stack">
        <InputField
          label="Risk"
          value={text.name}
          maxLength={200}
          error={errors.name}
          onValueChange={set('name')}
        />
        {(['hazard', 'consequences', 'existingControls'] as const).map((key) => (
          <TextAreaField
            key={key}
            label={TEXT_LABELS[key]}
            rows={3}
            maxLength={4000}
            value={text[key]}
            error={errors[key]}
            onValueChange={set(key)}
          />
        ))}
        <label className="checkbox">
          <input type="checkbox" checked={isMaster} onChange={(event) => setMaster(event.target.checked)} />
          Master risk (offered in the forms’ master risk lists)
        </label>
      </Card>
      <Card title="Rating" bodyClassName="stack">
        <RatingPicker
          legend="Before controls"
          value={inherent}
          onChange={edited(setInherent, 'inherent')}
          error={ratingError(errors, 'inherent')}
        />
        <RatingPicker
          legend="After controls"
          value={residual}
          onChange={edited(setResidual, 'residual')}
          error={ratingError(errors, 'residual')}
        />
      </Card>
    </ItemEditForm>
  );
}

const TEXT_LABELS = { hazard: 'Hazard', consequences: 'Consequences', existingControls: 'Existing controls' };
