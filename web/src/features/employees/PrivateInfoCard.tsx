import {
  dateOfBirthProblem,
  displayDay,
  EMERGENCY_CONTACTS_MAX,
  employeePrivateInfoSaveCall,
  privateInfoMessages as say,
  WIRE_DATE_FORMAT,
  ZEmployeePrivateInfoSave,
  type TEmergencyContact,
  type TEmployeePrivateInfo,
} from '@compass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ApiError, fieldErrorsOf, notifyFirstProblem, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { DateField } from '../../components/DateField';
import { InputField, TextAreaField } from '../../components/FormField';
import { IconButton } from '../../components/IconButton';
import { ListState } from '../../components/ListParts';
import { employeeKeys, useEmployeePrivateInfo } from './api';

/**
 * The private part of an employee's record: on their Profile (`own`) and on HR's employee page.
 * The server decides who sees it: a refusal hides the card; without the right to change it, it is
 * read-only (on the Profile with the line saying HR keeps it).
 */
export function PrivateInfoCard({ employeeId, own }: { employeeId: string; own: boolean }) {
  const info = useEmployeePrivateInfo(employeeId);
  if (info.error instanceof ApiError && [403, 404].includes(info.error.status)) return null;
  return (
    <Card title="Private information" className="private-info">
      {!info.data ? (
        <ListState query={info} empty="" />
      ) : info.data.mayEdit ? (
        <PrivateInfoForm key={info.data.version} info={info.data} own={own} />
      ) : (
        <PrivateInfoView info={info.data} own={own} />
      )}
    </Card>
  );
}

type ContactValues = { name: string; relationship: string; phone: string };

const contactValues = (contact: TEmergencyContact): ContactValues => ({
  name: contact.name,
  relationship: contact.relationship ?? '',
  phone: contact.phone,
});

function PrivateInfoForm({ info, own }: { info: TEmployeePrivateInfo; own: boolean }) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: employeeKeys.privateInfo(info.employeeId) });
  const [values, setValues] = useState({
    dateOfBirth: info.dateOfBirth ?? '',
    address: info.address ?? '',
    personalPhone: info.personalPhone ?? '',
    personalEmail: info.personalEmail ?? '',
  });
  const [contacts, setContacts] = useState<ContactValues[]>(info.emergencyContacts.map(contactValues));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useCall(employeePrivateInfoSaveCall, {
    invalidate: [employeeKeys.privateInfo(info.employeeId)],
  });
  const stale = save.error instanceof ApiError && save.error.errorCode === 'stale_version';
  const errors = Object.keys(problems).length > 0 ? problems : fieldErrorsOf(save.error);

  const set = (key: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setProblems({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      employeeId: info.employeeId,
      version: info.version,
      dateOfBirth: values.dateOfBirth || null,
      address: values.address,
      personalPhone: values.personalPhone,
      personalEmail: values.personalEmail,
      emergencyContacts: contacts,
    };
    const found = schemaProblems(ZEmployeePrivateInfoSave, body);
    // The browser's day: the server checks again on the organisation's.
    const dateProblem =
      body.dateOfBirth && dateOfBirthProblem(body.dateOfBirth, format(new Date(), WIRE_DATE_FORMAT));
    if (dateProblem) found.dateOfBirth ??= dateProblem;
    setProblems(found);
    if (notifyFirstProblem(found)) return;
    save.mutate({ body });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Private information">
      {stale && (
        <div className="alert alert-warning row" role="alert">
          <span>{say.stale}</span>
          <Button size="sm" onClick={() => void reload()}>
            Reload
          </Button>
        </div>
      )}
      <div className="form-grid">
        <DateField
          label="Date of birth"
          value={values.dateOfBirth}
          error={errors.dateOfBirth}
          onValueChange={set('dateOfBirth')}
        />
        <InputField
          label="Personal phone"
          type="tel"
          autoComplete={own ? 'tel' : 'off'}
          value={values.personalPhone}
          error={errors.personalPhone}
          maxLength={40}
          onValueChange={set('personalPhone')}
        />
        <InputField
          label="Personal e-mail"
          type="email"
          autoComplete={own ? 'email' : 'off'}
          value={values.personalEmail}
          error={errors.personalEmail}
          maxLength={320}
          onValueChange={set('personalEmail')}
        />
      </div>
      <TextAreaField
        label="Home address"
        rows={3}
        value={values.address}
        error={errors.address}
        maxLength={500}
        onValueChange={set('address')}
      />
      <EmergencyContactsFields
        contacts={contacts}
        setContacts={setContacts}
        errors={errors}
        onChange={() => setProblems({})}
      />
      <div className="row">
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save private information
        </Button>
        <LastChange info={info} />
      </div>
    </form>
  );
}

/** The emergency contacts being edited: up to three rows of name, relationship and phone. */
function EmergencyContactsFields({
  contacts,
  setContacts,
  errors,
  onChange,
}: {
  contacts: ContactValues[];
  setContacts: (update: (current: ContactValues[]) => ContactValues[]) => void;
  errors: Record<string, string>;
  onChange: () => void;
}) {
  const setContact = (index: number, key: keyof ContactValues) => (value: string) => {
    setContacts((current) =>
      current.map((contact, at) => (at === index ? { ...contact, [key]: value } : contact)),
    );
    onChange();
  };
  return (
    <fieldset className="stack private-info-contacts">
      <legend className="field-label">Emergency contacts</legend>
      {contacts.length === 0 && <p className="text-muted">No emergency contact yet.</p>}
      {contacts.map((contact, index) => (
        <div
          key={index}
          className="private-info-contact"
          role="group"
          aria-label={`Emergency contact ${index + 1}`}
        >
          <InputField
            label="Name"
            value={contact.name}
            error={errors[`emergencyContacts.${index}.name`]}
            maxLength={100}
            onValueChange={setContact(index, 'name')}
          />
          <InputField
            label="Relationship"
            value={contact.relationship}
            maxLength={50}
            onValueChange={setContact(index, 'relationship')}
          />
          <InputField
            label="Phone"
            type="tel"
            value={contact.phone}
            error={errors[`emergencyContacts.${index}.phone`]}
            maxLength={40}
            onValueChange={setContact(index, 'phone')}
          />
          <IconButton
            label={`Remove emergency contact ${index + 1}`}
            icon={<Trash2 size={16} aria-hidden="true" />}
            onClick={() => setContacts((current) => current.filter((_, at) => at !== index))}
          />
        </div>
      ))}
      {contacts.length < EMERGENCY_CONTACTS_MAX && (
        <div>
          <Button
            size="sm"
            icon={<Plus size={16} aria-hidden="true" />}
            onClick={() => setContacts((current) => [...current, { name: '', relationship: '', phone: '' }])}
          >
            Add emergency contact
          </Button>
        </div>
      )}
    </fieldset>
  );
}

function PrivateInfoView({ info, own }: { info: TEmployeePrivateInfo; own: boolean }) {
  const none = <span className="text-muted">Not given</span>;
  return (
    <div className="stack">
      {own && (
        <p className="alert alert-info" role="note">
          {say.keptByHr}
        </p>
      )}
      <dl className="facts">
        <div>
          <dt>Date of birth</dt>
          <dd>{info.dateOfBirth ? displayDay(info.dateOfBirth) : none}</dd>
        </div>
        <div>
          <dt>Personal phone</dt>
          <dd>{info.personalPhone ?? none}</dd>
        </div>
        <div>
          <dt>Personal e-mail</dt>
          <dd>{info.personalEmail ?? none}</dd>
        </div>
        <div>
          <dt>Home address</dt>
          <dd className="private-info-address">{info.address ?? none}</dd>
        </div>
      </dl>
      <div>
        <h3 className="field-label">Emergency contacts</h3>
        {info.emergencyContacts.length === 0 ? (
          none
        ) : (
          <ul className="private-info-contact-list">
            {info.emergencyContacts.map((contact, index) => (
              <li key={index}>
                <strong>{contact.name}</strong>
                {contact.relationship && ` (${contact.relationship})`} · {contact.phone}
              </li>
            ))}
          </ul>
        )}
      </div>
      <LastChange info={info} />
    </div>
  );
}

function LastChange({ info }: { info: TEmployeePrivateInfo }) {
  if (!info.updatedAt) return null;
  return (
    <span className="text-muted">
      Last changed {displayDay(info.updatedAt)}
      {info.updatedBy && ` by ${info.updatedBy}`}
    </span>
  );
}
