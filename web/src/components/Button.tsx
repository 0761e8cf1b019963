import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  /** Shows a spinner, keeps the width and disables the button. */
  loading?: boolean;
  icon?: ReactNode;
  /** An icon after the label (e.g. an arrow on Next). */
  iconEnd?: ReactNode;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  block = false,
  loading = false,
  icon,
  iconEnd,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn-${variant}`];
  if (size !== 'md') classes.push(`btn-${size}`);
  if (block) classes.push('btn-block');
  if (className) classes.push(className);
  return (
    <button
      type={type}
      className={classes.join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      <span className={loading ? 'row btn-label-hidden' : 'row'}>
        {icon}
        {children}
        {iconEnd}
      </span>
      {loading && (
        <span className="btn-spinner">
          <Spinner />
        </span>
      )}
    </button>
  );
}
