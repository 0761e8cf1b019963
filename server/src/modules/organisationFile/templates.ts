import { randomUUID } from 'node:crypto';
import {
  FIELD_REGISTRY,
  fieldConfig,
  isFieldType,
  type TFileField,
  type TTemplateFile,
} from '@compass/shared';
import { Prisma, type FormTemplate } from '../../generated/prisma/client';

type Tx = Prisma.TransactionClient;

/** Writes version `version` of a template: its sections and fields, in the file's order. */
export async function templateRows(
  tx: Tx,
  companyId: string,
  templateId: string,
  version: number,
  template: TTemplateFile,
  publishedByUserId: string | null = null,
) {
  const saved = await tx.formTemplateVersion.create({
    data: { companyId, templateId, version, publishedByUserId },
  });
  for (const [sectionIndex, section] of template.sections.entries()) {
    const row = await tx.templateSection.create({
      data: {
        companyId,
        templateVersionId: saved.id,
        label: section.label,
        secMandatoryType: section.mandatoryType ?? null,
        isCollapsed: section.collapsed ?? false,
        orderNo: sectionIndex + 1,
      },
    });
    await tx.templateField.createMany({
      data: section.fields.map((field, fieldIndex) => ({
        companyId,
        templateVersionId: saved.id,
        sectionId: row.id,
        type: field.type,
        label: field.label,
        fieldKey: field.key ?? null,
        helpText: field.help ?? null,
        orderNo: fieldIndex + 1,
        colSize: field.width ?? FIELD_REGISTRY[field.type].colSize,
        isMandatory: field.mandatory ?? false,
        mandatoryComment: field.mandatoryComment ?? null,
        placeholder: field.placeholder ?? null,
        webLink: field.webLink ?? null,
        contentEditor: field.content ?? null,
        optionVal: optionValOf(field) ?? Prisma.DbNull,
        itemList: field.items ? field.items.map((name) => ({ _id: randomUUID(), name })) : Prisma.DbNull,
      })),
    });
  }
}

/**
 * The stored optionVal of a field: choices, type groupings, table columns or a file field's limit
 * (shared/src/fields/config.ts).
 */
function optionValOf(field: TFileField): Prisma.InputJsonValue | undefined {
  if (field.type === 'file') return field.maxFiles ? { maxFiles: field.maxFiles } : undefined;
  if (field.options) return field.options;
  if (field.groupings) return field.groupings;
  if (field.columns)
    return field.columns.map((column) => ({ _id: randomUUID(), name: column.name, type: column.type }));
  return undefined;
}

/**
 * A version of a stored template (its current one unless `versionNumber` is given) in the file's
 * format, defaults left out.
 */
export async function templateFileOf(
  tx: Tx,
  template: FormTemplate,
  companyId: string,
  usernameOf?: (employeeId: string) => string | undefined,
  versionNumber = template.currentVersion,
): Promise<TTemplateFile> {
  const version = await tx.formTemplateVersion.findFirst({
    where: { companyId, templateId: template.id, version: versionNumber },
    include: {
      sections: { where: { isDeleted: false }, orderBy: { orderNo: 'asc' } },
      fields: { where: { isDeleted: false }, orderBy: { orderNo: 'asc' } },
    },
  });
  const named = async (employeeId: string) =>
    usernameOf?.(employeeId) ??
    (await tx.user.findFirst({ where: { employeeId }, select: { username: true } }))?.username;
  const coordinator = template.coordinatorEmployeeId
    ? await named(template.coordinatorEmployeeId)
    : undefined;
  const copied: string[] = [];
  for (const employeeId of template.emailCcEmployeeIds) {
    const username = await named(employeeId);
    if (username) copied.push(username);
  }
  return {
    name: template.name,
    formType: template.formType === 'form_submission' ? 'form-submission' : template.formType,
    ...(template.emailNotification.length > 0 && {
      emailNotification: [...template.emailNotification].sort(),
    }),
    ...(coordinator && { coordinator }),
    ...(copied.length > 0 && { copied }),
    ...(template.formBranchType !== 'manualEntry' && { branchRequirement: template.formBranchType }),
    ...(!template.isActive && { active: false }),
    sections: (version?.sections ?? []).map((section) => ({
      label: section.label,
      ...(section.secMandatoryType && { mandatoryType: section.secMandatoryType }),
      ...(section.isCollapsed && { collapsed: true }),
      fields: (version?.fields ?? [])
        .filter((field) => field.sectionId === section.id && isFieldType(field.type))
        .map((field) => fileFieldOf(field)),
    })),
  };
}

function fileFieldOf(field: Prisma.TemplateFieldGetPayload<object>): TFileField {
  const type = field.type as TFileField['type'];
  const config = fieldConfig(type, field) as Record<string, unknown>;
  const out: TFileField = { type, label: field.label };
  if (field.fieldKey) out.key = field.fieldKey;
  if (field.helpText) out.help = field.helpText;
  if (field.colSize !== null && field.colSize !== FIELD_REGISTRY[type].colSize) out.width = field.colSize;
  if (field.isMandatory) out.mandatory = true;
  if (field.mandatoryComment) out.mandatoryComment = field.mandatoryComment;
  if (field.placeholder) out.placeholder = field.placeholder;
  if (field.webLink) out.webLink = field.webLink;
  if (field.contentEditor) out.content = field.contentEditor;
  if (type === 'file') {
    const limit = fieldConfig('file', field).optionVal?.maxFiles;
    if (limit) out.maxFiles = limit;
    return out;
  }
  const list = (config.optionVal ?? []) as unknown[];
  if (list.length === 0) return withItems(out, config);
  if (type === 'radio' || type === 'select' || type === 'checkbox')
    out.options = list as TFileField['options'];
  if (type === 'typeGroupings') out.groupings = list as TFileField['groupings'];
  if (type === 'table')
    out.columns = (list as { name: string; type: 'text' | 'number' | 'date' }[]).map(
      ({ name, type: kind }) => ({
        name,
        type: kind,
      }),
    );
  return withItems(out, config);
}

function withItems(out: TFileField, config: Record<string, unknown>): TFileField {
  const items = (config.itemList ?? []) as { name: string }[];
  if (out.type === 'items' && items.length > 0) out.items = items.map((item) => item.name);
  return out;
}
