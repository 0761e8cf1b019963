import { addDays, externalPartiesMessages, localDateOf } from '@compass/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { fieldErrorsOf } from '../../api/errors';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField } from '../../components/FormField';
import { ListState } from '../../components/ListParts';
import { type Person, PersonField } from '../../components/PersonField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { browserTimeZone } from '../../lib/timeZone';
import { SUPPLIER_REVIEWERS, usePartyOptions } from './api';
import { OptionalText } from './parts';

/**
 * What assigning a supplier form (Form Register) and requesting a document (Requirements) both
 * ask, in one dialog: the company and its person, the reviewer, the due date and the message.
 */

/**
 * What assigning a form and requesting a document both ask: the company (and one of its people),
 * the reviewer, the due date (two weeks from today to start with) and a message.
 */
export function usePartyRequest() {
  const options = usePartyOptions();
  const [supplierId, setSupplierId] = useState('');
  const [personnelId, setPersonnelId] = useState('');
  const [reviewer, setReviewer] = useState<Person | null>(null);
  const [dueDate, setDueDate] = useState(() => addDays(localDateOf(new Date(), browserTimeZone()), 14));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    options,
    supplierId,
    personnelId,
    reviewer,
    dueDate,
    message,
    errors,
    setSupplierId: (value: string) => {
      setSupplierId(value);
      setPersonnelId('');
    },
    setPersonnelId,
    setReviewer,
    setDueDate,
    setMessage,
    /** Shows what is missing (the page's own checks, a message where one fails); true when nothing is. */
    check(own: Record<string, string | false>): boolean {
      const missing = Object.entries<string | false>({
        ...own,
        supplierId: !supplierId && externalPartiesMessages.supplierUnknown,
        reviewerEmployeeId: !reviewer && externalPartiesMessages.reviewerUnknown,
      }).filter((entry): entry is [string, string] => entry[1] !== false);
      setErrors(Object.fromEntries(missing));
      return missing.length === 0;
    },
    /** The part of the request common to both, once `check` passed. */
    body: () => ({
      supplierId,
      reviewerEmployeeId: reviewer?._id ?? '',
      dueDate,
      message: message.trim() || undefined,
    }),
    /** The server's refusal, by field. */
    onError: (error: unknown) => setErrors(fieldErrorsOf(error)),
  };
}

type PartyRequest = ReturnType<typeof usePartyRequest>;
type Loading = Parameters<typeof ListState>[0]['query'] & { data?: unknown };

/** The dialog of a party request: the page's own fields (children) first, then the party's. */
export function PartyRequestDialog({
  title,
  description,
  request,
  loading = [],
  person,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description: string;
  request: PartyRequest;
  /** Further queries the form needs before it shows. */
  loading?: readonly Loading[];
  /** The person field's empty choice, or null for no person field. */
  person: string | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const waiting = [request.options, ...loading].find((query) => query.data === undefined);
  const suppliers = request.options.data?.suppliers ?? [];
  const supplier = suppliers.find((row) => row._id === request.supplierId);
  const { errors } = request;
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      {waiting ? (
        <ListState query={waiting} count={1} empty="" />
      ) : (
        <form
          className="stack"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <SelectField
            label="Company"
            value={request.supplierId}
            none="Choose a company"
            options={optionsOf(suppliers)}
            error={errors.supplierId}
            onChange={request.setSupplierId}
          />
          {person !== null && (
            <SelectField
              label="Person"
              value={request.personnelId}
              none={person}
              options={optionsOf(supplier?.personnel)}
              error={errors.personnelId}
              onChange={request.setPersonnelId}
            />
          )}
          <PersonField
            label="Reviewer"
            value={request.reviewer}
            error={errors.reviewerEmployeeId}
            onChange={request.setReviewer}
            searchWhenEmpty
            {...SUPPLIER_REVIEWERS}
          />
          <InputField
            label="Due date"
            type="date"
            value={request.dueDate}
            error={errors.dueDate}
            onValueChange={request.setDueDate}
          />
          <OptionalText label="Message (optional)" value={request.message} onChange={request.setMessage} />
          <DialogFormActions submitLabel={submitLabel} pending={pending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
