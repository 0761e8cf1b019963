import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  webhookMessages,
  webhookSaveCall,
  ZWebhookSave,
  type TWebhook,
  type TWebhookSave,
} from '@compass/shared';
import { useId, useState, type FormEvent } from 'react';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { CheckboxList } from '../../components/CheckboxList';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';
import { WEBHOOK_WRITES } from './api';

const EVENT_CHOICES = WEBHOOK_EVENTS.map((event) => ({ _id: event, name: WEBHOOK_EVENT_LABELS[event] }));

/** Adds a webhook (then shows its signing secret once) or changes one (its secret stays). */
export function WebhookDialog({ webhook, onClose }: { webhook?: TWebhook; onClose: () => void }) {
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? []);
  const [active, setActive] = useState(webhook?.isActive ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const eventsErrorId = useId();
  const save = useCall(webhookSaveCall, {
    invalidate: WEBHOOK_WRITES,
    // A new webhook's dialog says it was added.
    silent: (saved) => saved.secret !== null,
    onSuccess: (saved) => (saved.secret === null ? onClose() : setSecret(saved.secret)),
  });

  if (secret !== null)
    return (
      <ShownOnceDialog
        title="Signing secret of the new webhook"
        label="Signing secret"
        value={secret}
        message={webhookMessages.created}
        onClose={onClose}
      />
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TWebhookSave = {
      ...(webhook && { _id: webhook._id }),
      url,
      description,
      events: WEBHOOK_EVENTS.filter((name) => events.includes(name)),
      isActive: active,
    };
    const problems = schemaProblems(ZWebhookSave, body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate({ body }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  // A new webhook's secret may arrive at any moment while the call runs: closing would lose it.
  const closeUnlessPending = () => {
    if (!save.isPending) onClose();
  };
  return (
    <Dialog
      title={webhook ? 'Edit webhook' : 'Add webhook'}
      dismissable={!save.isPending}
      onClose={closeUnlessPending}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <InputField
          label="Address (URL)"
          type="url"
          value={url}
          maxLength={2000}
          placeholder="https://example.com/compass-events"
          autoFocus
          error={errors.url}
          onValueChange={setUrl}
        />
        <InputField
          label="Description (optional)"
          value={description}
          maxLength={200}
          error={errors.description}
          onValueChange={setDescription}
        />
        <fieldset className="field" aria-describedby={errors.events ? eventsErrorId : undefined}>
          <legend className="field-label">Events</legend>
          <div className="form-grid">
            <CheckboxList choices={EVENT_CHOICES} chosen={events} onChange={setEvents} />
          </div>
          <FieldError id={eventsErrorId} message={errors.events} />
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
          Active — a paused webhook gets no events, not even later
        </label>
        <DialogFormActions submitLabel="Save" pending={save.isPending} onCancel={closeUnlessPending} />
      </form>
    </Dialog>
  );
}
