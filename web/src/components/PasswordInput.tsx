import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentPropsWithRef } from 'react';

type Props = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/** A password field with a show/hide toggle. */
export function PasswordInput({ className, ...rest }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-group">
      <input {...rest} type={visible ? 'text' : 'password'} className={`input ${className ?? ''}`.trim()} />
      <button
        type="button"
        className="btn btn-ghost btn-icon input-addon"
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
      >
        {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
      </button>
    </div>
  );
}
