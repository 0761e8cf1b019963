import {
  AUDIT_STATUS_LABELS,
  answerText,
  displayDay,
  isFieldType,
  NO_RECORD_NAMES,
  personName,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { FileStorage } from '../../plugins/storage';
import { displayDate } from '../closeOff';
import { dataUrlImage, toPdfImage } from '../closeOff';
import type { PdfAction, PdfField, PdfModel } from '../closeOff';
import { parseRichText } from '../closeOff';
import type { TemplateVersionShape } from '../submissions';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The close-off PDF of an audit in the close-off's document model (closeOff/pdfModel.ts), drawn
 * by the same renderer: the audit's header, its answers by section (answerText, as the form PDF
 * writes them), its findings as the actions, and the score. Rendered as closed at `closedAt`.
 */
export async function auditPdfModel(
  db: Db,
  storage: FileStorage,
  companyId: string,
  auditId: string,
  shape: TemplateVersionShape,
  closedAt: Date,
): Promise<PdfModel> {
  const audit = await db.audit.findFirstOrThrow({
    where: { id: auditId, companyId },
    include: { tasks: true },
  });
  const [company, workplace, branch, template] = await Promise.all([
    db.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { name: true, logoKey: true, timeZone: true },
    }),
    audit.workplaceId ? db.workplace.findFirst({ where: { id: audit.workplaceId, companyId } }) : null,
    audit.branchId ? db.branch.findFirst({ where: { id: audit.branchId, companyId } }) : null,
    audit.templateId ? db.formTemplate.findFirst({ where: { id: audit.templateId, companyId } }) : null,
  ]);
  const people = await db.employee.findMany({
    where: {
      companyId,
      id: {
        in: [audit.ownerEmployeeId, ...audit.tasks.map((task) => task.assigneeEmployeeId)].filter(
          (id): id is string => id !== null,
        ),
      },
    },
    select: { id: true, firstName: true, lastName: true },
  });
  const names = new Map(people.map((row) => [row.id, personName(row)]));
  const answers = (audit.answers ?? {}) as Record<string, unknown>;

  const fieldOf = async (field: TemplateVersionShape['fieldList'][number]): Promise<PdfField> => {
    const label = field.level;
    const value = answers[field._id];
    const config = { optionVal: field.optionVal, itemList: field.itemList };
    if (!isFieldType(field.type)) return { kind: 'value', label, text: '' };
    switch (field.type) {
      case 'section':
        return { kind: 'heading', label };
      case 'contentEditor':
        return {
          kind: 'richText',
          label,
          blocks: parseRichText(typeof value === 'string' && value ? value : (field.contentEditor ?? '')),
        };
      case 'signature':
        return { kind: 'image', label, image: await dataUrlImage(value), maxHeight: 80 };
      case 'diagram':
        return { kind: 'image', label, image: await dataUrlImage(value), maxHeight: 230 };
      default:
        return { kind: 'value', label, text: answerText(field.type, config, value, NO_RECORD_NAMES) };
    }
  };
  const sections = await Promise.all(
    shape.sections.map(async (section) => ({
      label: section.level,
      fields: await Promise.all(
        shape.fieldList.filter((field) => field.section === section._id).map(fieldOf),
      ),
    })),
  );
  const actions: PdfAction[] = [...audit.tasks]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((task, index) => ({
      taskNumber: index + 1,
      instruction: `${task.question}: ${task.instruction}`,
      assignee: task.assigneeEmployeeId ? (names.get(task.assigneeEmployeeId) ?? '') : '',
      actionType: task.assigneeType,
      due: displayDay(isoDay(task.dueDate)),
      status: task.isComplete
        ? `Completed${task.completedOn ? ` ${displayDay(isoDay(task.completedOn))}` : ''}`
        : 'Open',
      response: task.response ?? '',
    }));
  const logo = company.logoKey
    ? await storage
        .read(company.logoKey)
        .toArray()
        .then((chunks) => toPdfImage(Buffer.concat(chunks as Buffer[])))
        .catch(() => null)
    : null;
  const closedOn = displayDate(closedAt, company.timeZone);
  const auditor = audit.ownerEmployeeId ? (names.get(audit.ownerEmployeeId) ?? '') : '';
  const templateName = template?.name ?? audit.name;
  return {
    organisation: { name: company.name, logo },
    templateName,
    formNumber: 'Audit',
    description: [workplace?.name, branch?.name].filter(Boolean).join(' · '),
    date: displayDay(isoDay(audit.auditDate)),
    workplace: workplace?.name ?? '',
    branch: branch?.name ?? '',
    coordinator: auditor,
    recordedBy: auditor,
    status: 'Closed',
    closedOn,
    generatedOn: closedOn,
    sections,
    otherActions: actions,
    attachments: [],
    details: [
      ['Audit', audit.name],
      ['Template', templateName],
      ['Due date', displayDay(isoDay(audit.auditDate))],
      ['Auditor', auditor],
      ['Workplace', workplace?.name ?? ''],
      ['Branch', branch?.name ?? ''],
      ['Score', audit.score === null ? 'Not scored' : `${audit.score}%`],
      ['Status', `${AUDIT_STATUS_LABELS.closed} ${closedOn}`],
    ],
  };
}
