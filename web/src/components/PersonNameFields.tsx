import { InputField } from './FormField';

type PersonNameKey = 'firstName' | 'lastName' | 'email';

const FIELDS = [
  { key: 'firstName', label: 'First name', maxLength: 100 },
  { key: 'lastName', label: 'Last name', maxLength: 100 },
  { key: 'email', label: 'E-mail', maxLength: 320, type: 'email' },
] as const;

/** The problems of a person's names before saving (an e-mail's rule is the form's own). */
export function personNameProblems(values: Record<PersonNameKey, string>) {
  const problems: Record<string, string> = {};
  if (!values.firstName.trim()) problems.firstName = 'Please enter the first name.';
  if (!values.lastName.trim()) problems.lastName = 'Please enter the last name.';
  return problems;
}

/** A person's first name, last name and e-mail, as employees and supplier personnel are kept. */
export function PersonNameFields({
  values,
  errors,
  set,
  autoFocus,
  emailDisabled,
}: {
  values: Record<PersonNameKey, string>;
  errors: Partial<Record<PersonNameKey, string>>;
  set: (key: PersonNameKey) => (value: string) => void;
  autoFocus?: boolean;
  emailDisabled?: boolean;
}) {
  return (
    <>
      {FIELDS.map(({ key, ...field }) => (
        <InputField
          key={key}
          {...field}
          value={values[key]}
          error={errors[key]}
          autoFocus={key === 'firstName' && autoFocus}
          disabled={key === 'email' && emailDisabled}
          onValueChange={set(key)}
        />
      ))}
    </>
  );
}
