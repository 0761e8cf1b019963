import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './Button';

/**
 * A button in a table row's actions: small and quiet, with an optional icon. `label` is its name
 * with the row's ("Delete Depot Staff"), where the shown word alone would not say which row.
 */
export function RowButton({
  icon: Icon,
  label,
  children,
  ...rest
}: Omit<ButtonProps, 'icon' | 'size' | 'variant' | 'aria-label'> & { icon?: LucideIcon; label?: string }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      icon={Icon && <Icon size={14} aria-hidden="true" />}
      aria-label={label}
      {...rest}
    >
      {children}
    </Button>
  );
}
