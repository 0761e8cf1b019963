import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './Button';
import { Spinner } from './Spinner';

interface DialogProps {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Close on Escape and backdrop click (default true). */
  dismissable?: boolean;
  /** A wider panel for forms with many controls (the role editor's access grid). */
  wide?: boolean;
  /** A class of the panel's own (the file preview's large panel). */
  className?: string;
}

/**
 * The open dialogs' panels, the newest last: a dialog opened from another (a file's preview from a
 * list in a dialog) takes the keys alone, so Escape closes only the one on top.
 */
const openPanels: HTMLElement[] = [];

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal dialog: labelled, focus kept inside, Escape closes, focus returns on close. */
export function Dialog({
  title,
  description,
  onClose,
  children,
  footer,
  dismissable = true,
  wide = false,
  className,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    // A field's autoFocus (run before this effect) keeps the focus; otherwise the first control.
    if (panel && !panel.contains(document.activeElement)) {
      (panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel).focus();
    }
    if (panel) openPanels.push(panel);

    function onKeyDown(event: KeyboardEvent) {
      if (panel && openPanels.at(-1) !== panel) return;
      if (event.key === 'Escape' && dismissable) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem?.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (panel) openPanels.splice(openPanels.indexOf(panel), 1);
      previous?.focus?.();
    };
  }, [dismissable]);

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (dismissable && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={['dialog', wide && 'dialog-wide', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <div className="dialog-header">
          <div>
            <h2 className="dialog-title" id={titleId}>
              {title}
            </h2>
            {description && (
              <p className="dialog-description" id={descriptionId}>
                {description}
              </p>
            )}
          </div>
          {dismissable && (
            <button
              type="button"
              className="btn btn-ghost btn-icon btn-sm"
              onClick={onClose}
              aria-label="Close"
            >
              <X size={18} aria-hidden="true" />
            </button>
          )}
        </div>
        <div className="dialog-body">{children}</div>
        {footer && <div className="dialog-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** The end of a dialog's form: Cancel, and the button that submits it. */
export function DialogFormActions({
  submitLabel,
  pending,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="dialog-actions">
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant="primary" loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** A dialog's loading and failed states while the query that fills it runs; Retry asks again. */
export function DialogQueryState({
  query,
  failure,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** What the failed state says. */
  failure: string;
}) {
  return (
    <>
      {query.isPending && (
        <div className="dialog-loading">
          <Spinner /> Loading…
        </div>
      )}
      {query.isError && (
        <p className="form-error" role="alert">
          {failure}{' '}
          <Button size="sm" variant="ghost" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </p>
      )}
    </>
  );
}
