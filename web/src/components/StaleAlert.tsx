import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';

/**
 * Someone else saved the record since it was read: the page's own words (children) and a Reload
 * button that shows their version, dropping what was typed.
 */
export function StaleAlert({
  children,
  onReload,
  className,
}: {
  children: ReactNode;
  onReload: () => void;
  className?: string;
}) {
  return (
    <div className={className ? `alert alert-danger ${className}` : 'alert alert-danger'} role="alert">
      <AlertTriangle size={18} aria-hidden="true" />
      <div className="stack">
        <p>{children}</p>
        <div>
          <Button
            variant="primary"
            size="sm"
            icon={<RotateCw size={16} aria-hidden="true" />}
            onClick={onReload}
          >
            Reload
          </Button>
        </div>
      </div>
    </div>
  );
}
