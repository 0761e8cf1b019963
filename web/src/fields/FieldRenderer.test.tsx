import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { colSizeOf, FieldRenderer } from './FieldRenderer';
import { fieldComponents } from './registry';
import { fieldOf, noFiles, noTasks, referencesFixture } from './testing';
import { FIELD_TYPES, type TemplateField } from './types';

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    new Proxy({}, { get: () => vi.fn() }) as unknown as CanvasRenderingContext2D,
  );
});

function everyType(): TemplateField[] {
  return FIELD_TYPES.map((type, index) =>
    fieldOf(type, { _id: `f${index}`, level: `Field ${type}`, colSize: type === 'text' ? 4 : 0 }),
  );
}

describe('FieldRenderer', () => {
  it('has a component for every field type of the registry', () => {
    expect(Object.keys(fieldComponents).sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('draws every field type in the 12-column grid, editable and read-only', () => {
    for (const readOnly of [false, true]) {
      const { container, unmount } = render(
        <FieldRenderer
          fields={everyType()}
          values={{}}
          onChange={() => {}}
          readOnly={readOnly}
          references={referencesFixture()}
          files={noFiles}
          tasks={noTasks}
        />,
      );
      const cells = container.querySelectorAll<HTMLElement>('.field-cell');
      expect(cells).toHaveLength(FIELD_TYPES.length);
      for (const type of FIELD_TYPES) {
        expect(screen.getAllByText(`Field ${type}`).length).toBeGreaterThan(0);
      }
      const size = (type: string) =>
        container
          .querySelector<HTMLElement>(`[data-field-type="${type}"]`)
          ?.style.getPropertyValue('--col-size');
      expect(size('text')).toBe('4');
      expect(size('number')).toBe('6');
      expect(size('task')).toBe('12');
      expect(size('table')).toBe('12');
      unmount();
    }
  });

  it('passes each field its value, its error and its changes by field id', async () => {
    const onChange = vi.fn();
    const fields = [
      fieldOf('text', { _id: 'a', level: 'First' }),
      fieldOf('text', { _id: 'b', level: 'Second' }),
    ];
    render(
      <FieldRenderer
        fields={fields}
        values={{ a: 'one', b: 'two' }}
        errors={{ b: 'Please complete mandatory field/s' }}
        onChange={onChange}
        readOnly={false}
        references={referencesFixture()}
        files={noFiles}
        tasks={noTasks}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'First' })).toHaveValue('one');
    expect(screen.getByRole('textbox', { name: 'First' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'Second' })).toHaveAccessibleDescription(
      'Please complete mandatory field/s',
    );
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'First' }), '!');
    expect(onChange).toHaveBeenCalledWith('a', 'one!');
  });
});

describe('colSizeOf', () => {
  it('uses the template size, else 6, and 12 for task and table', () => {
    expect(colSizeOf({ type: 'text', colSize: 3 })).toBe(3);
    expect(colSizeOf({ type: 'text', colSize: 0 })).toBe(6);
    expect(colSizeOf({ type: 'task', colSize: 0 })).toBe(12);
    expect(colSizeOf({ type: 'table', colSize: 0 })).toBe(12);
    expect(colSizeOf({ type: 'text', colSize: 40 })).toBe(12);
  });
});
