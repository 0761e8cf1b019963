import { Prisma } from '../../server/src/generated/prisma/client';
import type { FormType, SectionMandatoryType } from '../../server/src/generated/prisma/client';
import {
  FIELD_REGISTRY,
  type FieldType,
  type TChoiceOption,
  type TItem,
  type TTableColumn,
  type TTypeGrouping,
} from '../../shared/src/fields';
import { Org } from './rows';
import { slug } from './people';

// ---------- Form templates ----------

export interface ColumnDef {
  key: string;
  name: string;
  type: TTableColumn['type'];
}

export interface FieldDef {
  key: string;
  type: FieldType;
  label: string;
  /** true, or the mandatoryComment shown when the value is missing. */
  mandatory?: boolean | string;
  /** radio, select, checkbox: option labels (the value is the label's slug). */
  options?: string[];
  /** items: item names. */
  items?: string[];
  /** typeGroupings. */
  groupings?: TTypeGrouping[];
  /** table columns. */
  columns?: ColumnDef[];
  webLink?: string;
  contentEditor?: string;
  placeholder?: string;
}

export interface SectionDef {
  label: string;
  mandatoryType?: SectionMandatoryType;
  fields: FieldDef[];
}

export interface TemplateDef {
  key: string;
  name: string;
  formType: FormType;
  emailNotification?: number[];
  emailCcEmployeeIds?: string[];
  coordinatorEmployeeId?: string;
  formBranchType?: 'manualEntry' | 'employeeBranch';
  isActive?: boolean;
  sections: SectionDef[];
}

export interface BuiltField {
  id: string;
  def: FieldDef;
  itemIds: Map<string, string>;
  columnIds: Map<string, string>;
}

export interface BuiltTemplate {
  key: string;
  id: string;
  versionId: string;
  name: string;
  formType: FormType;
  fields: Map<string, BuiltField>;
  taskFieldId: string | undefined;
}

export function addTemplate(o: Org, def: TemplateDef): BuiltTemplate {
  const id = o.id('template', def.key);
  const versionId = o.id('templateVersion', `${def.key}/1`);
  const created = o.cal.at(-365);
  o.rows.formTemplate.push({
    id,
    companyId: o.companyId,
    name: def.name,
    formType: def.formType,
    emailNotification: def.emailNotification ?? [],
    emailCcEmployeeIds: def.emailCcEmployeeIds ?? [],
    coordinatorEmployeeId: def.coordinatorEmployeeId ?? null,
    formBranchType: def.formBranchType ?? 'manualEntry',
    isActive: def.isActive ?? true,
    currentVersion: 1,
    createdAt: created,
  });
  o.rows.formTemplateVersion.push({
    id: versionId,
    companyId: o.companyId,
    templateId: id,
    version: 1,
    createdAt: created,
  });
  const fields = new Map<string, BuiltField>();
  let taskFieldId: string | undefined;
  def.sections.forEach((section, sectionIndex) => {
    const sectionId = o.id('section', `${def.key}/${sectionIndex}`);
    o.rows.templateSection.push({
      id: sectionId,
      companyId: o.companyId,
      templateVersionId: versionId,
      label: section.label,
      secMandatoryType: section.mandatoryType ?? null,
      orderNo: sectionIndex + 1,
    });
    section.fields.forEach((field, fieldIndex) => {
      if (fields.has(field.key)) throw new Error(`Duplicate field ${field.key} in ${def.key}`);
      const fieldId = o.id('field', `${def.key}/${field.key}`);
      const itemIds = new Map(
        (field.items ?? []).map((name) => [name, o.id('item', `${def.key}/${field.key}/${name}`)]),
      );
      const columnIds = new Map(
        (field.columns ?? []).map((column) => [
          column.key,
          o.id('column', `${def.key}/${field.key}/${column.key}`),
        ]),
      );
      // Written in the shapes the registry's configuration schemas read (shared/src/fields/config.ts).
      let optionVal: TChoiceOption[] | TTypeGrouping[] | TTableColumn[] | undefined;
      if (field.options) optionVal = field.options.map((label) => ({ value: slug(label), label }));
      if (field.groupings) optionVal = field.groupings;
      if (field.columns) {
        optionVal = field.columns.map((column): TTableColumn => ({
          _id: columnIds.get(column.key)!,
          name: column.name,
          type: column.type,
        }));
      }
      o.rows.templateField.push({
        id: fieldId,
        companyId: o.companyId,
        templateVersionId: versionId,
        sectionId,
        type: field.type,
        label: field.label,
        orderNo: fieldIndex + 1,
        colSize: FIELD_REGISTRY[field.type].colSize,
        isMandatory: field.mandatory !== undefined && field.mandatory !== false,
        optionVal: optionVal ?? Prisma.DbNull,
        itemList: field.items
          ? field.items.map((name): TItem => ({ _id: itemIds.get(name)!, name }))
          : Prisma.DbNull,
        webLink: field.webLink ?? null,
        contentEditor: field.contentEditor ?? null,
        placeholder: field.placeholder ?? null,
        mandatoryComment: typeof field.mandatory === 'string' ? field.mandatory : null,
      });
      if (field.type === 'task') taskFieldId = fieldId;
      fields.set(field.key, { id: fieldId, def: field, itemIds, columnIds });
    });
  });
  return { key: def.key, id, versionId, name: def.name, formType: def.formType, fields, taskFieldId };
}
