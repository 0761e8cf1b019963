import {
  accessKeyGroups,
  accessKeyLabel,
  API_TOKEN_DEFAULT_LIFETIME,
  API_TOKEN_LIFETIMES,
  apiTokenCreateCall,
  apiTokenMessages,
  ZApiTokenCreate,
  type TApiTokenCreate,
} from '@compass/shared';
import { useId, useState, type FormEvent } from 'react';
import { usePermissions } from '../../api/auth';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { CheckboxList } from '../../components/CheckboxList';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { apiTokenKeys } from './api';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';

/** The access keys in the order the navigation names their areas (the role editor's order). */
const KEYS_IN_MENU_ORDER = accessKeyGroups().flatMap((group) => group.keys);
const LIFETIME_OPTIONS = API_TOKEN_LIFETIMES.map((days) => ({ value: String(days), label: `${days} days` }));

/**
 * Makes a token: its name, the areas it may use (only the keys its maker holds: the server refuses
 * any other) and how long it lasts; then shows it once.
 */
export function NewTokenDialog({ onClose }: { onClose: () => void }) {
  const held = usePermissions().data?.access;
  const choices = KEYS_IN_MENU_ORDER.filter((key) => held?.[key] === 'yes').map((key) => ({
    _id: key,
    name: accessKeyLabel(key),
  }));
  const [name, setName] = useState('');
  const [keys, setKeys] = useState<string[]>([]);
  const [days, setDays] = useState(String(API_TOKEN_DEFAULT_LIFETIME));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [token, setToken] = useState<string | null>(null);
  const keysErrorId = useId();
  const create = useCall(apiTokenCreateCall, {
    invalidate: [apiTokenKeys.list],
    silent: true,
    onSuccess: (created) => setToken(created.token),
  });

  if (token !== null)
    return (
      <ShownOnceDialog
        title="New API token"
        label="API token"
        value={token}
        message={apiTokenMessages.created}
        onClose={onClose}
      />
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TApiTokenCreate = {
      name,
      // Sent in the menu's order, whatever order they were ticked in.
      accessKeys: KEYS_IN_MENU_ORDER.filter((key) => keys.includes(key)),
      expiresInDays: Number(days) as TApiTokenCreate['expiresInDays'],
    };
    const problems = schemaProblems(ZApiTokenCreate, body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate({ body }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  // The token may arrive at any moment while the call runs: closing now would lose it for good.
  const closeUnlessPending = () => {
    if (!create.isPending) onClose();
  };
  return (
    <Dialog title="New token" dismissable={!create.isPending} onClose={closeUnlessPending} wide>
      <form className="stack" onSubmit={submit} noValidate>
        <InputField
          label="Name"
          value={name}
          maxLength={100}
          placeholder="Payroll export"
          autoFocus
          error={errors.name}
          onValueChange={setName}
        />
        <fieldset className="field" aria-describedby={errors.accessKeys ? keysErrorId : undefined}>
          <legend className="field-label">Areas it may use</legend>
          <p className="field-hint">
            Only the areas you hold are offered. The token never does more than you may at the time of the
            call.
          </p>
          <div className="form-grid">
            <CheckboxList choices={choices} chosen={keys} onChange={setKeys} />
          </div>
          <FieldError id={keysErrorId} message={errors.accessKeys} />
        </fieldset>
        <SelectField
          label="Expires after"
          value={days}
          options={LIFETIME_OPTIONS}
          error={errors.expiresInDays}
          onChange={setDays}
        />
        <DialogFormActions
          submitLabel="Create token"
          pending={create.isPending}
          onCancel={closeUnlessPending}
        />
      </form>
    </Dialog>
  );
}
