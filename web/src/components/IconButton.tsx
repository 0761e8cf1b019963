import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';

type IconButtonProps = Omit<ButtonProps, 'children' | 'variant' | 'size' | 'className' | 'icon'> & {
  /** The button's accessible name: it shows no text. */
  label: string;
  icon: ReactNode;
};

/** A small ghost button showing only an icon (a row's view, edit, delete or remove). */
export function IconButton({ label, icon, ...rest }: IconButtonProps) {
  return <Button size="sm" variant="ghost" className="btn-icon" aria-label={label} icon={icon} {...rest} />;
}
