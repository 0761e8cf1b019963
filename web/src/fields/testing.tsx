// Builders for the field components' tests (imported by *.test.tsx only).
import { fireEvent, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { vi } from 'vitest';
import type { FieldProps, FileFieldState, References, TaskFieldState } from './props';
import { fieldComponents } from './registry';
import { emptyValue, type FieldType, type FieldInput, type TemplateField } from './types';

function QueryWrapper({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export const FIELD_ID = 'f0000000-0000-4000-8000-000000000001';

export function fieldOf<T extends FieldType>(
  type: T,
  over: Partial<TemplateField> = {},
): TemplateField & { type: T } {
  return {
    _id: FIELD_ID,
    level: 'My Field',
    section: 'a0000000-0000-4000-8000-00000000000a',
    orderNo: 1,
    isMandatory: 'no',
    isDelete: 'no',
    colSize: 0,
    optionVal: null,
    itemList: null,
    webLink: null,
    contentEditor: null,
    placeholder: null,
    mandatoryComment: null,
    ...over,
    type,
  } as TemplateField & {
    type: T;
  };
}

export function referencesFixture(over: Partial<References> = {}): References {
  const none = { all: [], active: [] };
  return {
    employee: none,
    asset: none,
    risk: none,
    supplier: none,
    submission: none,
    personnel: none,
    ...over,
  };
}

export const noFiles: FileFieldState = { existing: [], pending: {} };
export const noTasks: TaskFieldState = { items: [] };

interface Options<T extends FieldType> {
  field?: Partial<TemplateField>;
  value?: FieldInput<T>;
  readOnly?: boolean;
  error?: string | null;
  references?: References;
  files?: FileFieldState;
  tasks?: TaskFieldState;
}

/** Renders the registry's component for `type`, holding its value the way an editor would. */
export function renderField<T extends FieldType>(type: T, options: Options<T> = {}) {
  const onChange = vi.fn<(value: FieldInput<T>) => void>();
  const field = fieldOf(type, options.field);
  const Component = fieldComponents[type] as ComponentType<FieldProps<T>>;
  function Harness() {
    const [value, setValue] = useState<FieldInput<T>>(options.value ?? emptyValue(type));
    return (
      <Component
        field={field}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        readOnly={options.readOnly ?? false}
        error={options.error}
        references={options.references ?? referencesFixture()}
        files={options.files ?? noFiles}
        tasks={options.tasks ?? noTasks}
      />
    );
  }
  const user = userEvent.setup();
  // The searched reference fields ask the server through TanStack Query.
  return { onChange, user, field, ...render(<Harness />, { wrapper: QueryWrapper }) };
}

/** One stroke across a drawing canvas (DrawingCanvas), as a finger or a mouse would draw it. */
export function drawStroke(canvas: HTMLElement) {
  const point = (x: number) => ({
    clientX: x,
    clientY: 40,
    buttons: 1,
    button: 0,
    isPrimary: true,
    pointerId: 1,
  });
  fireEvent.pointerDown(canvas, point(10));
  fireEvent.pointerMove(window, point(40));
  fireEvent.pointerMove(window, point(80));
  fireEvent.pointerMove(window, point(120));
  fireEvent.pointerUp(window, { ...point(120), buttons: 0 });
}
