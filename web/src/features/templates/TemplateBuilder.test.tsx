import {
  FIELD_REGISTRY,
  FIELD_SETTINGS,
  FIELD_TYPES,
  newField,
  templateMessages as say,
  type FieldType,
  type TFileField,
  type TTemplateAdminDetails,
} from '@compass/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, ok, renderRoutes, testId, withQueryClient } from '../../../test/helpers';
import { FieldPanel } from './FieldPanel';
import { builderErrors, builderReducer, toBuilder, toDraft, type BuilderField } from './model';
import { TemplateBuilderPage } from './TemplateBuilderPage';

/** What each setting's editor shows, to find it in a panel. */
const SETTING_NAMES = {
  placeholder: 'Placeholder',
  webLink: 'Suggested link',
  content: 'Content shown in the form',
  options: 'Options',
  items: 'Items',
  groupings: 'Categories',
  columns: 'Columns',
  maxFiles: 'Most files',
} as const;

function Panel({ type, onChange = () => {} }: { type: FieldType; onChange?: (field: TFileField) => void }) {
  const [field, setField] = useState<BuilderField>({ ...newField(type, new Set()), id: 'field-1' });
  return withQueryClient(
    <FieldPanel
      field={field}
      sections={[{ id: 'section-1', label: 'Main', fields: [field] }]}
      sectionId="section-1"
      errors={undefined}
      onChange={(patch) => {
        const next = { ...field, ...patch };
        setField(next);
        onChange(next);
      }}
      onMove={() => {}}
      onDuplicate={() => {}}
      onRemove={() => {}}
    />,
  );
}

describe('the field panels', () => {
  it.each(FIELD_TYPES)('a %s field shows the common settings and exactly its own', (type) => {
    render(<Panel type={type} />);
    const panel = screen.getByRole('region', { name: `${FIELD_REGISTRY[type].title} field settings` });
    expect(within(panel).getByLabelText(type === 'section' ? 'Heading' : 'Label')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Key')).toHaveValue(newField(type, new Set()).key);
    expect(within(panel).queryByLabelText('Mandatory') !== null).toBe(
      FIELD_REGISTRY[type].storage !== 'none',
    );
    const own: readonly string[] = FIELD_SETTINGS[type];
    for (const [setting, name] of Object.entries(SETTING_NAMES)) {
      const shown = within(panel).queryAllByText(name, { exact: true }).length > 0;
      expect(shown, `${type} ${setting}`).toBe(own.includes(setting));
    }
  });

  it('edits the options of a choice field: add, rename, reorder and remove rows', async () => {
    const changes = vi.fn();
    render(<Panel type="radio" onChange={changes} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    expect(changes).toHaveBeenLastCalledWith(
      expect.objectContaining({
        options: [
          { value: 'option_1', label: 'Option 1' },
          { value: 'option_2', label: 'Option 2' },
          { value: 'option_3', label: 'Option 3' },
        ],
      }),
    );
    await user.clear(screen.getByLabelText('Option 3 label'));
    await user.type(screen.getByLabelText('Option 3 label'), 'Large');
    await user.click(screen.getByRole('button', { name: 'Move options row 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Remove options row 1' }));
    expect(changes.mock.lastCall?.[0].options).toEqual([
      { value: 'option_3', label: 'Large' },
      { value: 'option_2', label: 'Option 2' },
    ]);
  });

  it('makes a field mandatory with its own message, and names table columns with a type', async () => {
    const changes = vi.fn();
    render(<Panel type="table" onChange={changes} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Mandatory'));
    await user.type(screen.getByLabelText('Message when left empty'), 'List who was there');
    await user.selectOptions(screen.getByLabelText('Column 1 type'), 'date');
    expect(changes.mock.lastCall?.[0]).toMatchObject({
      mandatory: true,
      mandatoryComment: 'List who was there',
      columns: [{ name: 'Column 1', type: 'date' }],
    });
  });
});

describe('the builder model', () => {
  const draft = {
    name: 'Yard check',
    formType: 'form-submission' as const,
    sections: [
      { label: 'One', fields: [newField('text', new Set()), newField('radio', new Set())] },
      { label: 'Two', fields: [] },
    ],
  };

  it('moves a field into another section and keeps every other object as it was', () => {
    const start = toBuilder(draft);
    const [text] = start.sections[0]!.fields;
    const moved = builderReducer(start, {
      type: 'moveField',
      id: text!.id,
      toSection: start.sections[1]!.id,
      toIndex: 0,
    });
    expect(toDraft(moved).sections.map((section) => section.fields.map((field) => field.type))).toEqual([
      ['radio'],
      ['text'],
    ]);
    const renamed = builderReducer(moved, { type: 'updateField', id: text!.id, patch: { label: 'Plate' } });
    expect(renamed.sections[0]).toBe(moved.sections[0]);
    expect(renamed.sections[0]!.fields[0]).toBe(moved.sections[0]!.fields[0]);
  });

  it('gives a new field a key no other field has', () => {
    const start = toBuilder(draft);
    const added = builderReducer(start, {
      type: 'addField',
      sectionId: start.sections[1]!.id,
      fieldType: 'text',
      id: 'new',
    });
    expect(added.sections[1]!.fields[0]!.key).toBe('text_2');
  });

  it('maps the publish check’s paths onto the fields and sections they name', () => {
    const start = toBuilder(draft);
    const errors = builderErrors(start, [
      { field: 'sections.0.fields.1.options', message: say.optionsRequired },
      { field: 'sections.1.fields', message: say.sectionEmpty },
      { field: 'coordinator', message: say.coordinatorUnknown },
    ]);
    expect(errors[start.sections[0]!.fields[1]!.id]).toEqual([
      { setting: 'options', message: say.optionsRequired },
    ]);
    expect(errors[start.sections[1]!.id]).toEqual([{ setting: 'fields', message: say.sectionEmpty }]);
    expect(errors.template).toEqual([{ setting: 'coordinator', message: say.coordinatorUnknown }]);
  });
});

const ID = testId(1);
const details: TTemplateAdminDetails = {
  _id: ID,
  status: 'draft',
  currentVersion: 0,
  hasDraft: true,
  revision: 3,
  template: {
    name: 'Yard check',
    formType: 'form-submission',
    sections: [{ label: 'Main', fields: [{ type: 'select', label: 'Area', key: 'area', options: [] }] }],
  },
  versions: [],
};

describe('the builder page', () => {
  it('marks what stops a publish at its field and lists it', async () => {
    mockFetch({
      'POST /api/templateAdminDetails': () => ok(details),
      'POST /api/templateDraftSave': () => ok({ revision: 4 }, say.draftSaved),
      'POST /api/templatePublish': () => ({
        status: 400,
        body: envelope(null, 400, say.optionsRequired, {
          validation_errors: [{ field: 'sections.0.fields.0.options', message: say.optionsRequired }],
        }),
      }),
    });
    renderRoutes([{ path: '/t/:id', element: <TemplateBuilderPage /> }], `/t/${ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('1 problem to fix before publishing: they are marked in the outline.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Section 1 › Area' })).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Select field settings' });
    expect(within(panel).getByText(say.optionsRequired)).toBeInTheDocument();
    expect(screen.getByText('1 problem to fix')).toBeInTheDocument();
  });

  it('says when someone else changed the template, instead of overwriting it', async () => {
    mockFetch({
      'POST /api/templateAdminDetails': () => ok(details),
      'POST /api/templateDraftSave': () => ({
        status: 409,
        body: envelope(null, 409, say.stale, { error_code: 'stale_version' }),
      }),
    });
    renderRoutes([{ path: '/t/:id', element: <TemplateBuilderPage /> }], `/t/${ID}`);
    const user = userEvent.setup();
    const label = await screen.findByLabelText('Label');
    await user.type(label, ' zone');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(say.stale)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
