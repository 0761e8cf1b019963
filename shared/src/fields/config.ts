import { z } from 'zod';
import type { FieldType } from './registry';

/** An option of a radio, select or checkbox field. */
export const ZChoiceOption = z.object({ value: z.string(), label: z.string() });
export type TChoiceOption = z.infer<typeof ZChoiceOption>;

/** A column of a table field; a column of an unknown kind is a text column. */
export const ZTableColumn = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(['text', 'number', 'date']).catch('text'),
});
export type TTableColumn = z.infer<typeof ZTableColumn>;

/** A category of a typeGroupings field and the sub-categories it offers. */
export const ZTypeGrouping = z.object({ category: z.string(), subCategories: z.array(z.string()) });
export type TTypeGrouping = z.infer<typeof ZTypeGrouping>;

/** An entry of an items field's list. */
export const ZItem = z.object({ _id: z.uuid(), name: z.string() });
export type TItem = z.infer<typeof ZItem>;

/**
 * A stored list read leniently: the entries that fit, the others left out, and no list at all as
 * an empty one. A template's configuration is JSON written by other tools and older versions; a
 * bad entry must not stop a form from opening or a PDF from being made.
 */
const listOf = <T extends z.ZodType>(entry: T) =>
  z.unknown().transform((raw): z.output<T>[] =>
    Array.isArray(raw)
      ? raw.flatMap((item) => {
          const parsed = entry.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        })
      : [],
  );
const text = z.string().nullable().catch(null);

const NO_CONFIG = z.object({});

/** How many files a file field holds in all (none: the upload limits only). */
export const MAX_FILES_PER_FIELD = 50;
const FILE_LIMIT = z.object({ maxFiles: z.number().int().min(1).max(MAX_FILES_PER_FIELD) });
const PLACEHOLDER = z.object({ placeholder: text });

/**
 * What each field type reads from its template field (TemplateField's optionVal, itemList,
 * webLink, contentEditor, placeholder), one schema per type: a type missing here is a compile
 * error, and every reader of a configuration goes through fieldConfig.
 */
export const FIELD_CONFIG_SCHEMAS = {
  text: PLACEHOLDER,
  number: PLACEHOLDER,
  date: NO_CONFIG,
  time: NO_CONFIG,
  weblink: z.object({ webLink: text }),
  contentEditor: z.object({ contentEditor: text }),
  file: z.object({ optionVal: FILE_LIMIT.nullish().catch(null) }),
  radio: z.object({ optionVal: listOf(ZChoiceOption) }),
  select: z.object({ optionVal: listOf(ZChoiceOption) }),
  textarea: PLACEHOLDER,
  checkbox: z.object({ optionVal: listOf(ZChoiceOption) }),
  items: z.object({ itemList: listOf(ZItem) }),
  typeGroupings: z.object({ optionVal: listOf(ZTypeGrouping) }),
  table: z.object({ optionVal: listOf(ZTableColumn) }),
  employee: NO_CONFIG,
  asset: NO_CONFIG,
  risk: NO_CONFIG,
  supplier: NO_CONFIG,
  submission: NO_CONFIG,
  task: NO_CONFIG,
  signature: NO_CONFIG,
  diagram: NO_CONFIG,
  section: NO_CONFIG,
} as const satisfies { [T in FieldType]: z.ZodType };

export type FieldConfig<T extends FieldType> = z.output<(typeof FIELD_CONFIG_SCHEMAS)[T]>;

/** The stored configuration columns of a template field, as the database or the wire has them. */
export interface StoredFieldConfig {
  optionVal?: unknown;
  itemList?: unknown;
  webLink?: string | null;
  contentEditor?: string | null;
  placeholder?: string | null;
}

/** A field's configuration for its type; never throws (see listOf). */
export function fieldConfig<T extends FieldType>(type: T, field: StoredFieldConfig): FieldConfig<T> {
  return FIELD_CONFIG_SCHEMAS[type].parse(field) as FieldConfig<T>;
}
