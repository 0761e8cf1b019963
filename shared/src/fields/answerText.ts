import { displayDay } from '../rules/display';
import { fieldConfig, type StoredFieldConfig } from './config';
import type { FieldType } from './registry';

/** Names of the records reference fields point at (employees, assets, risks, suppliers, submissions), by id. */
export type RecordNames = ReadonlyMap<string, string>;

/** For the answers that name no records. */
export const NO_RECORD_NAMES: RecordNames = new Map();

const asString = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
const joined = (parts: string[]) => parts.filter(Boolean).join(', ');

/** The text of an HTML fragment (the content editor's), tags dropped and spaces collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A stored answer as a line of text: option labels for choices, names for ids, dd/MM/yyyy for
 * days, 'Category: sub, sub' for type groupings. The PDF, the change history and the read-only
 * views all show an answer through this, so it reads the same everywhere; '' is no answer. An
 * answer that is not a line of text (a table, actions, files, a heading) is ''.
 */
export function answerText(
  type: FieldType,
  field: StoredFieldConfig,
  value: unknown,
  names: RecordNames,
): string {
  switch (type) {
    case 'text':
    case 'number':
    case 'time':
    case 'textarea':
      return asString(value);
    case 'date':
      return displayDay(asString(value));
    case 'weblink':
      return asString(value) || (fieldConfig('weblink', field).webLink ?? '');
    case 'contentEditor':
      return htmlText(asString(value) || (fieldConfig('contentEditor', field).contentEditor ?? ''));
    case 'radio':
    case 'select': {
      const chosen = asString(value);
      return fieldConfig(type, field).optionVal.find((option) => option.value === chosen)?.label ?? chosen;
    }
    case 'checkbox': {
      const options = fieldConfig('checkbox', field).optionVal;
      return joined(
        asStrings(value).map((chosen) => options.find((option) => option.value === chosen)?.label ?? chosen),
      );
    }
    case 'items': {
      const items = fieldConfig('items', field).itemList;
      return joined(asStrings(value).map((id) => items.find((item) => item._id === id)?.name ?? ''));
    }
    case 'typeGroupings': {
      const grouping = value as { category?: unknown; subCategories?: unknown } | null | undefined;
      const category = asString(grouping?.category);
      if (!category) return '';
      const subs = asStrings(grouping?.subCategories);
      return subs.length ? `${category}: ${subs.join(', ')}` : category;
    }
    case 'employee':
    case 'asset':
    case 'risk':
    case 'supplier':
    case 'submission':
      return joined(asStrings(value).map((id) => names.get(id) ?? ''));
    case 'signature':
    case 'diagram':
      return asString(value) ? '(drawing)' : '';
    case 'file':
    case 'table':
    case 'task':
    case 'section':
      return '';
  }
}
