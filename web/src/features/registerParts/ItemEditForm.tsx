import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { BackLink } from '../../components/PageHeader';
import { withoutErrors } from './formErrors';
import type { RegisterOf } from './ItemPages';
import type { ItemParts } from './api';
import { STEWARDSHIP_FIELDS, StewardshipFields, stewardshipOf, type Stewardship } from './stewardship';

/**
 * An edit form's text fields and errors: a changed value's own error goes, the rest stay until the
 * next save.
 */
export function useEditFields<T extends Record<string, string>>(initial: T, item: ItemParts | null) {
  const [text, setText] = useState(initial);
  const [stewardship, setStewardship] = useState(stewardshipOf(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof T & string) => (value: string) => {
    setText((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutErrors(current, key));
  };
  const edited =
    <V,>(setValue: (value: V) => void, ...fields: string[]) =>
    (value: V) => {
      setValue(value);
      setErrors((current) => withoutErrors(current, ...fields));
    };
  /** The owner and review fields' props: a change clears all their errors. */
  const stewardshipFields = {
    value: stewardship,
    onChange: edited(setStewardship, ...STEWARDSHIP_FIELDS),
    errors,
  };
  return { text, set, stewardship, stewardshipFields, errors, setErrors, edited };
}

/**
 * An item's edit page: back to the item (or the register), the heading, the register's own cards,
 * then owner and review, and Save / Cancel.
 */
export function ItemEditForm({
  register,
  itemName,
  cancel,
  heading,
  intro,
  stewardship,
  workplaceLabel,
  note,
  submitLabel,
  pending,
  onSubmit,
  children,
}: {
  register: Pick<RegisterOf, 'calls' | 'queryKey' | 'back'>;
  /** The saved item's name; none for a new one. */
  itemName: string | undefined;
  cancel: string;
  heading: string;
  intro: ReactNode;
  stewardship: {
    value: Stewardship;
    onChange: (value: Stewardship) => void;
    errors: Record<string, string>;
  };
  workplaceLabel?: string;
  /** A line under the cards, before the buttons. */
  note?: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="admin-page stack-lg" onSubmit={submit} noValidate>
      <BackLink to={cancel} label={itemName ?? register.back.label} />
      <div className="page-header">
        <div>
          <h1>{heading}</h1>
          <p>{intro}</p>
        </div>
      </div>
      {children}
      <Card title="Owner and review">
        <StewardshipFields
          value={stewardship.value}
          onChange={stewardship.onChange}
          errors={stewardship.errors}
          calls={register.calls}
          queryKey={register.queryKey}
          workplaceLabel={workplaceLabel}
        />
      </Card>
      {note}
      <div className="row">
        <Button type="submit" variant="primary" loading={pending}>
          {submitLabel}
        </Button>
        <Link className="btn btn-ghost" to={cancel}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
