import {
  newField,
  type FieldType,
  type TFileField,
  type TFileSection,
  type TTemplateDraft,
  type TValidationError,
} from '@compass/shared';

/**
 * The template as the builder edits it: the draft of the template file format, each section and
 * field with an id of its own for selection, drag and drop and error marks. An edit replaces only
 * the objects on its path, so everything else keeps its identity and its preview is reused.
 */
export interface BuilderField extends TFileField {
  id: string;
}
export interface BuilderSection extends Omit<TFileSection, 'fields'> {
  id: string;
  fields: BuilderField[];
}
export interface BuilderTemplate extends Omit<TTemplateDraft, 'sections'> {
  sections: BuilderSection[];
}

let lastId = 0;
const nextId = (prefix: string) => `${prefix}-${++lastId}`;

export function toBuilder(template: TTemplateDraft): BuilderTemplate {
  return {
    ...template,
    sections: template.sections.map((section) => ({
      ...section,
      id: nextId('section'),
      fields: section.fields.map((field) => ({ ...field, id: nextId('field') })),
    })),
  };
}

export function toDraft(template: BuilderTemplate): TTemplateDraft {
  return {
    ...template,
    sections: template.sections.map(({ id: _section, fields, ...section }) => ({
      ...section,
      fields: fields.map(({ id: _field, ...field }) => field),
    })),
  };
}

export function takenKeys(template: BuilderTemplate, except?: string): Set<string> {
  return new Set(
    template.sections.flatMap((section) =>
      section.fields.flatMap((field) => (field.id !== except && field.key ? [field.key] : [])),
    ),
  );
}

export function findField(template: BuilderTemplate, id: string | null) {
  for (const section of template.sections) {
    const field = section.fields.find((entry) => entry.id === id);
    if (field) return { section, field };
  }
  return null;
}

export type BuilderAction =
  | { type: 'replace'; template: BuilderTemplate }
  | { type: 'updateTemplate'; patch: Partial<Omit<BuilderTemplate, 'sections'>> }
  | { type: 'addSection' }
  | { type: 'updateSection'; id: string; patch: Partial<Omit<BuilderSection, 'id' | 'fields'>> }
  | { type: 'removeSection'; id: string }
  | { type: 'moveSection'; id: string; by: -1 | 1 }
  | { type: 'addField'; sectionId: string; fieldType: FieldType; id: string }
  | { type: 'updateField'; id: string; patch: Partial<TFileField> }
  | { type: 'removeField'; id: string }
  | { type: 'moveField'; id: string; toSection: string; toIndex: number };

/** A new field's id, made before dispatching so the builder can select it. */
export const newFieldId = () => nextId('field');

const mapSections = (
  template: BuilderTemplate,
  change: (section: BuilderSection) => BuilderSection,
): BuilderTemplate => ({ ...template, sections: template.sections.map(change) });

export function builderReducer(template: BuilderTemplate, action: BuilderAction): BuilderTemplate {
  switch (action.type) {
    case 'replace':
      return action.template;
    case 'updateTemplate':
      return { ...template, ...action.patch };
    case 'addSection':
      return {
        ...template,
        sections: [
          ...template.sections,
          { id: nextId('section'), label: `Section ${template.sections.length + 1}`, fields: [] },
        ],
      };
    case 'updateSection':
      return mapSections(template, (section) =>
        section.id === action.id ? { ...section, ...action.patch } : section,
      );
    case 'removeSection':
      if (template.sections.length === 1) return template;
      return { ...template, sections: template.sections.filter((section) => section.id !== action.id) };
    case 'moveSection': {
      const from = template.sections.findIndex((section) => section.id === action.id);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= template.sections.length) return template;
      const sections = [...template.sections];
      const [moved] = sections.splice(from, 1);
      sections.splice(to, 0, moved!);
      return { ...template, sections };
    }
    case 'addField': {
      const field = { ...newField(action.fieldType, takenKeys(template)), id: action.id };
      return mapSections(template, (section) =>
        section.id === action.sectionId ? { ...section, fields: [...section.fields, field] } : section,
      );
    }
    case 'updateField':
      return mapSections(template, (section) =>
        section.fields.some((field) => field.id === action.id)
          ? {
              ...section,
              fields: section.fields.map((field) =>
                field.id === action.id ? { ...field, ...action.patch } : field,
              ),
            }
          : section,
      );
    case 'removeField':
      return mapSections(template, (section) =>
        section.fields.some((field) => field.id === action.id)
          ? { ...section, fields: section.fields.filter((field) => field.id !== action.id) }
          : section,
      );
    case 'moveField': {
      const found = findField(template, action.id);
      if (!found) return template;
      const without = mapSections(template, (section) =>
        section.id === found.section.id
          ? { ...section, fields: section.fields.filter((field) => field.id !== action.id) }
          : section,
      );
      return mapSections(without, (section) => {
        if (section.id !== action.toSection) return section;
        const fields = [...section.fields];
        fields.splice(Math.max(0, Math.min(action.toIndex, fields.length)), 0, found.field);
        return { ...section, fields };
      });
    }
  }
}

/** The publish check's messages by what they belong to: 'template', a section id or a field id. */
export type BuilderErrors = Record<string, { setting: string; message: string }[]>;

/** The message of one setting among a panel's errors, if it has one. */
export const settingError = (errors: BuilderErrors[string] | undefined) => (setting: string) =>
  errors?.find((entry) => entry.setting === setting)?.message;

/** Maps the server's `sections.1.fields.3.options` paths onto the builder's ids. */
export function builderErrors(template: BuilderTemplate, errors: TValidationError[]): BuilderErrors {
  const out: BuilderErrors = {};
  const add = (target: string, setting: string, message: string) => {
    (out[target] ??= []).push({ setting, message });
  };
  for (const error of errors) {
    const parts = error.field.split('.');
    if (parts[0] !== 'sections') {
      add('template', parts[0] ?? 'template', error.message);
      continue;
    }
    const section = template.sections[Number(parts[1])];
    if (!section) continue;
    if (parts[2] === 'fields' && parts[3] !== undefined) {
      const field = section.fields[Number(parts[3])];
      if (field) add(field.id, parts[4] ?? 'field', error.message);
    } else add(section.id, parts[2] ?? 'section', error.message);
  }
  return out;
}
