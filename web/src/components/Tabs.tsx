import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One choice of a tab list or a segmented group. */
export interface TabOption<T extends string> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
}

/**
 * The ids that tie a tab to its panel: a tab list given `idBase` names its tabs and the panels they
 * control with these, and `TabPanel` takes the same base.
 */
export const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
export const tabPanelId = (idBase: string, value: string) => `${idBase}-panel-${value}`;

/**
 * A tab list (WAI-ARIA tabs): the chosen tab is the one Tab key stop, the arrow keys, Home and End
 * move between the enabled tabs and choose them. With `idBase` each tab controls its `TabPanel`.
 */
export function Tabs<T extends string>({
  options,
  current,
  onChange,
  label,
  idBase,
  className = 'tablist',
  tabClassName = 'tab',
}: {
  options: readonly TabOption<T>[];
  current: T;
  onChange: (value: T) => void;
  /** The list's accessible name. */
  label: string;
  idBase?: string;
  className?: string;
  tabClassName?: string;
}) {
  const tabs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = options.filter((option) => !option.disabled);
    const at = enabled.findIndex((option) => option.value === current);
    const next = {
      ArrowRight: (at + 1) % enabled.length,
      ArrowLeft: (at - 1 + enabled.length) % enabled.length,
      Home: 0,
      End: enabled.length - 1,
    }[event.key];
    if (next === undefined || enabled.length === 0) return;
    event.preventDefault();
    const value = enabled[next]!.value;
    onChange(value);
    tabs.current.get(value)?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {options.map((option) => {
        const selected = option.value === current;
        return (
          <button
            key={option.value}
            ref={(node) => {
              if (node) tabs.current.set(option.value, node);
              else tabs.current.delete(option.value);
            }}
            type="button"
            role="tab"
            id={idBase && tabId(idBase, option.value)}
            className={tabClassName}
            aria-selected={selected}
            aria-controls={idBase && tabPanelId(idBase, option.value)}
            tabIndex={selected ? 0 : -1}
            disabled={option.disabled}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel a tab of `Tabs` (given the same `idBase`) controls; hidden unless its tab is chosen. */
export function TabPanel({
  idBase,
  value,
  current,
  className = 'tabpanel',
  children,
}: {
  idBase: string;
  value: string;
  current: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={tabPanelId(idBase, value)}
      aria-labelledby={tabId(idBase, value)}
      hidden={value !== current}
      className={className}
    >
      {children}
    </div>
  );
}

/** A row of toggle buttons of which one is pressed (a view or a filter, not tabs with panels). */
export function Segmented<T extends string>({
  options,
  current,
  onChange,
  label,
}: {
  options: readonly TabOption<T>[];
  current: T;
  onChange: (value: T) => void;
  /** The group's accessible name. */
  label: string;
}) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="segmented-option"
          aria-pressed={option.value === current}
          disabled={option.disabled}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
