import { fieldConfig } from '../fields/config';
import { FIELD_REGISTRY, ZTypeGroupingsValue, type FieldFill } from '../fields/registry';
import { messages } from '../messages';
import type { TTemplateField, TTemplateSection } from '../contracts/submissions';

/** The header of a submission as the screen holds it ('' when not chosen). */
export interface SubmissionHeader {
  submissionUserId: readonly { userId: string }[];
  formDescription: string;
  formDate: string;
  workplace: string | null;
  branch: string | null;
}

/** What the header rule needs to know beyond the header itself. */
export interface HeaderContext {
  /**
   * The chosen workplace has active branches. A workplace without branches (an organisation file
   * may have some) needs no branch; a branch given must still be one of the workplace's.
   */
  workplaceHasBranches: boolean;
  /**
   * Coordinator, workplace and branch are the organisation's (headerGivenByOrganisation): the one
   * filling the form in is not asked for them.
   */
  givenByOrganisation?: boolean;
}

/**
 * A supplier form filled in by the supplier (its user, personnel or link): the organisation that
 * assigned it gives the coordinator, workplace and branch, as the spec's assessment pages do not
 * ask for them (001 section 5, "non-assessment pages").
 */
export function headerGivenByOrganisation(formType: string, byEmployee: boolean): boolean {
  return formType === 'supplier' && !byEmployee;
}

/** The first header problem, in the spec's order (001 section 5), or null. */
export function headerProblem(header: SubmissionHeader, context: HeaderContext): string | null {
  const asked = !context.givenByOrganisation;
  if (asked && header.submissionUserId.length === 0) return messages.submission.coordinatorRequired;
  if (header.formDescription.trim() === '') return messages.submission.descriptionRequired;
  if (!header.formDate) return messages.submission.dateRequired;
  if (asked && !header.workplace) return messages.submission.workplaceRequired;
  if (asked && !header.branch && context.workplaceHasBranches) return messages.submission.branchRequired;
  return null;
}

type SectionLike = Pick<TTemplateSection, '_id' | 'secMandatoryType' | 'isDelete'>;
type FieldLike = Pick<
  TTemplateField,
  '_id' | 'type' | 'section' | 'isMandatory' | 'isDelete' | 'mandatoryComment'
>;

/** Sections shown and saved: drafts leave out investigation sections; deleted ones never show. */
export function sectionsFor<S extends SectionLike>(sections: readonly S[], isDraft: boolean): S[] {
  return sections.filter(
    (section) => section.isDelete !== 'yes' && !(isDraft && section.secMandatoryType === 'investigation'),
  );
}

/** Fields of the shown sections, without deleted ones. */
export function fieldsFor<F extends FieldLike>(
  fields: readonly F[],
  sections: readonly SectionLike[],
  isDraft: boolean,
): F[] {
  const shown = new Set(sectionsFor(sections, isDraft).map((section) => section._id));
  return fields.filter((field) => field.isDelete !== 'yes' && shown.has(field.section));
}

/** What was entered, per template field id. */
export interface SubmissionFill {
  values: ReadonlyMap<string, unknown>;
  tableRows: ReadonlyMap<string, number>;
  tasks: ReadonlyMap<string, number>;
  attachments: ReadonlyMap<string, number>;
}

export interface MandatoryProblem {
  fieldId: string;
  message: string;
}

/**
 * Missing mandatory answers: none for drafts; only in sections with no mandatory type or
 * newEntry. The message is the field's mandatoryComment, else the general one.
 */
export function mandatoryProblems(
  fields: readonly FieldLike[],
  sections: readonly SectionLike[],
  fill: SubmissionFill,
  isDraft: boolean,
): MandatoryProblem[] {
  if (isDraft) return [];
  const checked = new Set(
    sectionsFor(sections, false)
      .filter((section) => section.secMandatoryType !== 'investigation')
      .map((section) => section._id),
  );
  const problems: MandatoryProblem[] = [];
  for (const field of fields) {
    if (field.isMandatory !== 'yes' || field.isDelete === 'yes' || !checked.has(field.section)) continue;
    const state: FieldFill = {
      value: fill.values.get(field._id),
      tableRows: fill.tableRows.get(field._id) ?? 0,
      tasks: fill.tasks.get(field._id) ?? 0,
      attachments: fill.attachments.get(field._id) ?? 0,
    };
    if (!FIELD_REGISTRY[field.type].isFilled(state)) {
      problems.push({
        fieldId: field._id,
        message: field.mandatoryComment?.trim() || messages.submission.mandatoryFields,
      });
    }
  }
  return problems;
}

type ChoiceField = Pick<TTemplateField, 'type' | 'optionVal' | 'itemList'>;

/**
 * Whether the answer of a choice field (radio, select, checkbox, items, typeGroupings) names only
 * what the template offers; other types always pass. An empty answer passes (drafts keep them),
 * and so does a choice the submission already stores in this field (`stored`), as for records.
 */
export function choiceIsOffered(field: ChoiceField, value: unknown, stored?: unknown): boolean {
  const kept = (choice: string) =>
    stored === choice || (Array.isArray(stored) && (stored as unknown[]).includes(choice));
  switch (field.type) {
    case 'radio':
    case 'select': {
      if (typeof value !== 'string') return false;
      const offered = fieldConfig(field.type, field).optionVal.map((option) => option.value);
      return value === '' || offered.includes(value) || kept(value);
    }
    case 'checkbox':
    case 'items': {
      if (!Array.isArray(value)) return false;
      const offered = new Set(
        field.type === 'items'
          ? fieldConfig('items', field).itemList.map((item) => item._id)
          : fieldConfig('checkbox', field).optionVal.map((option) => option.value),
      );
      return value.every((choice) => typeof choice === 'string' && (offered.has(choice) || kept(choice)));
    }
    case 'typeGroupings': {
      const parsed = ZTypeGroupingsValue.safeParse(value);
      if (!parsed.success) return false;
      const { category, subCategories } = parsed.data;
      if (category === '') return subCategories.length === 0;
      const previous = ZTypeGroupingsValue.safeParse(stored);
      const keptSubs =
        previous.success && previous.data.category === category ? previous.data.subCategories : null;
      const offered = fieldConfig('typeGroupings', field).optionVal.find(
        (group) => group.category === category,
      )?.subCategories;
      if (!offered && !keptSubs) return false;
      return subCategories.every((sub) => offered?.includes(sub) || keptSubs?.includes(sub));
    }
    default:
      return true;
  }
}

/** The action (task) dialog: the first problem, in the order of the spec's messages. */
export interface TaskDraft {
  instruction: string;
  actionType: string | null | undefined;
  investigator: string | null | undefined;
  due: string | null | undefined;
}

export function taskProblem(task: TaskDraft): string | null {
  if (task.instruction.trim() === '') return messages.action.instructionRequired;
  if (task.actionType !== 'internal' && task.actionType !== 'external')
    return messages.action.actionTypeRequired;
  if (!task.investigator) return messages.action.investigatorRequired;
  if (!task.due) return messages.action.dueDateRequired;
  return null;
}
