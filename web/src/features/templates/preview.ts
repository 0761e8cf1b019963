import { FIELD_REGISTRY, type TTemplateField } from '@compass/shared';
import type { BuilderField, BuilderTemplate } from './model';

/** The stored configuration a field's options, items, categories or columns become (TemplateField). */
function storedConfig(field: BuilderField): Pick<TTemplateField, 'optionVal' | 'itemList'> {
  switch (field.type) {
    case 'radio':
    case 'select':
    case 'checkbox':
      return { optionVal: field.options ?? [], itemList: null };
    case 'typeGroupings':
      return { optionVal: field.groupings ?? [], itemList: null };
    case 'table':
      return {
        optionVal: (field.columns ?? []).map((column, index) => ({
          _id: `${field.id}-column-${index}`,
          ...column,
        })),
        itemList: null,
      };
    case 'file':
      return { optionVal: field.maxFiles ? { maxFiles: field.maxFiles } : null, itemList: null };
    case 'items':
      return {
        optionVal: null,
        itemList: (field.items ?? []).map((name, index) => ({ _id: `${field.id}-item-${index}`, name })),
      };
    default:
      return { optionVal: null, itemList: null };
  }
}

const cache = new WeakMap<BuilderField, { sectionId: string; orderNo: number; shown: TTemplateField }>();

/**
 * A builder field as the submission editor's field components take it. Made once per field object
 * and place: an edit replaces only the edited field, so the others are not converted again.
 */
export function previewField(field: BuilderField, sectionId: string, orderNo: number): TTemplateField {
  const cached = cache.get(field);
  if (cached && cached.sectionId === sectionId && cached.orderNo === orderNo) return cached.shown;
  const shown: TTemplateField = {
    _id: field.id,
    type: field.type,
    level: field.label,
    section: sectionId,
    orderNo,
    colSize: field.width ?? FIELD_REGISTRY[field.type].colSize,
    isMandatory: field.mandatory ? 'yes' : 'no',
    isDelete: 'no',
    ...storedConfig(field),
    webLink: field.webLink ?? null,
    contentEditor: field.content ?? null,
    placeholder: field.placeholder ?? null,
    mandatoryComment: field.mandatoryComment ?? null,
    helpText: field.help ?? null,
  };
  cache.set(field, { sectionId, orderNo, shown });
  return shown;
}

export function previewSections(template: BuilderTemplate) {
  return template.sections.map((section) => ({
    section,
    fields: section.fields.map((field, index) => previewField(field, section.id, index + 1)),
  }));
}
