import { describe, expect, it } from 'vitest';
import { FIELD_REGISTRY, FIELD_TYPES, type FieldType } from '../fields/registry';
import { messages } from '../messages';
import type { TTemplateField, TTemplateSection } from '../contracts/submissions';
import {
  choiceIsOffered,
  fieldsFor,
  headerGivenByOrganisation,
  headerProblem,
  mandatoryProblems,
  sectionsFor,
  taskProblem,
  type SubmissionFill,
} from './submissionValidation';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const section = (
  n: number,
  secMandatoryType: TTemplateSection['secMandatoryType'] = null,
  isDelete: 'yes' | 'no' = 'no',
) => ({ _id: id(n), level: `S${n}`, secMandatoryType, orderNo: n, isDelete }) satisfies TTemplateSection;

const field = (
  n: number,
  type: FieldType,
  sectionNo = 1,
  extra: Partial<TTemplateField> = {},
): TTemplateField => ({
  _id: id(100 + n),
  type,
  level: type,
  section: id(sectionNo),
  orderNo: n,
  colSize: FIELD_REGISTRY[type].colSize,
  isMandatory: 'yes',
  isDelete: 'no',
  optionVal: null,
  itemList: null,
  webLink: null,
  contentEditor: null,
  placeholder: null,
  mandatoryComment: null,
  ...extra,
});

const empty = (): SubmissionFill => ({
  values: new Map(),
  tableRows: new Map(),
  tasks: new Map(),
  attachments: new Map(),
});

const header = {
  submissionUserId: [{ userId: id(1) }],
  formDescription: 'Spill',
  formDate: '2026-11-22',
  workplace: id(2),
  branch: id(3),
};

describe('headerProblem', () => {
  const branched = { workplaceHasBranches: true };
  it('names the first missing header field, in the spec order', () => {
    const blank = { submissionUserId: [], formDescription: ' ', formDate: '', workplace: '', branch: '' };
    expect(headerProblem(blank, branched)).toBe('Please select coordinator');
    expect(headerProblem({ ...blank, submissionUserId: header.submissionUserId }, branched)).toBe(
      'Please enter form description',
    );
    expect(headerProblem({ ...header, formDate: '', workplace: '', branch: '' }, branched)).toBe(
      'Please enter date',
    );
    expect(headerProblem({ ...header, workplace: '', branch: '' }, branched)).toBe('Please select workplace');
    expect(headerProblem({ ...header, branch: null }, branched)).toBe('Please select branch');
    expect(headerProblem(header, branched)).toBeNull();
  });

  it('asks for a branch only when the workplace has branches', () => {
    const noBranches = { workplaceHasBranches: false };
    expect(headerProblem({ ...header, branch: null }, noBranches)).toBeNull();
    expect(headerProblem({ ...header, branch: '' }, noBranches)).toBeNull();
    // The workplace is still required, whatever its branches.
    expect(headerProblem({ ...header, workplace: '', branch: '' }, noBranches)).toBe(
      'Please select workplace',
    );
  });

  it("does not ask the supplier for the organisation's coordinator, workplace and branch", () => {
    const given = { workplaceHasBranches: true, givenByOrganisation: true };
    const none = { ...header, submissionUserId: [], workplace: null, branch: null };
    expect(headerProblem(none, given)).toBeNull();
    // Description and date are still the supplier's to fill in.
    expect(headerProblem({ ...none, formDescription: '' }, given)).toBe('Please enter form description');
    expect(headerProblem({ ...none, formDate: '' }, given)).toBe('Please enter date');
  });
});

describe('headerGivenByOrganisation', () => {
  it('holds for a supplier form filled in by someone who is not an employee', () => {
    expect(headerGivenByOrganisation('supplier', false)).toBe(true);
    expect(headerGivenByOrganisation('supplier', true)).toBe(false);
    expect(headerGivenByOrganisation('form-submission', false)).toBe(false);
    expect(headerGivenByOrganisation('qr', false)).toBe(false);
  });
});

/** A filled answer per type kept in SubmissionValue. */
const filledValue: Partial<Record<FieldType, unknown>> = {
  text: 'a',
  number: '12.5',
  date: '2026-11-22',
  time: '09:15',
  weblink: 'https://example.com',
  contentEditor: '<p>Done</p>',
  radio: 'yes',
  select: 'a',
  textarea: 'long',
  checkbox: ['a'],
  items: [id(9)],
  typeGroupings: { category: 'Slip', subCategories: ['Wet floor'] },
  employee: [id(9)],
  asset: [id(9)],
  risk: [id(9)],
  supplier: [id(9)],
  submission: [id(9)],
  signature: 'data:image/png;base64,AAAA',
  diagram: 'data:image/png;base64,AAAA',
};
const emptyValue: Partial<Record<FieldType, unknown>> = {
  contentEditor: '<p>&nbsp;</p>',
  checkbox: [],
  typeGroupings: { category: '', subCategories: [] },
  text: '   ',
};

describe('mandatoryProblems by field type', () => {
  for (const type of FIELD_TYPES) {
    it(`${type}: filled passes, empty fails (unless a heading), draft is never checked`, () => {
      const f = field(1, type);
      const sections = [section(1)];
      const filled = empty();
      const fieldId = f._id;
      if (type === 'table') (filled.tableRows as Map<string, number>).set(fieldId, 1);
      else if (type === 'task') (filled.tasks as Map<string, number>).set(fieldId, 1);
      else if (type === 'file') (filled.attachments as Map<string, number>).set(fieldId, 1);
      else if (type !== 'section') (filled.values as Map<string, unknown>).set(fieldId, filledValue[type]);
      expect(mandatoryProblems([f], sections, filled, false)).toEqual([]);
      if (filledValue[type] !== undefined) {
        expect(FIELD_REGISTRY[type].valueSchema.safeParse(filledValue[type]).success).toBe(true);
      }

      const blank = empty();
      if (emptyValue[type] !== undefined)
        (blank.values as Map<string, unknown>).set(fieldId, emptyValue[type]);
      const expected = type === 'section' ? [] : [{ fieldId, message: messages.submission.mandatoryFields }];
      expect(mandatoryProblems([f], sections, blank, false)).toEqual(expected);
      expect(mandatoryProblems([f], sections, blank, true)).toEqual([]);
    });
  }

  it('uses the mandatoryComment when there is one, and checks only newEntry or untyped sections', () => {
    const fields = [
      field(1, 'text', 1, { mandatoryComment: 'Describe what happened' }),
      field(2, 'text', 2),
      field(3, 'text', 3),
      field(4, 'text', 4),
      field(5, 'text', 1, { isMandatory: 'no' }),
      field(6, 'text', 1, { isDelete: 'yes' }),
    ];
    const sections = [
      section(1),
      section(2, 'newEntry'),
      section(3, 'investigation'),
      section(4, null, 'yes'),
    ];
    expect(mandatoryProblems(fields, sections, empty(), false)).toEqual([
      { fieldId: fields[0]!._id, message: 'Describe what happened' },
      { fieldId: fields[1]!._id, message: 'Please complete mandatory field/s' },
    ]);
  });
});

describe('sections of a draft', () => {
  it('leaves out investigation and deleted sections for drafts, only deleted ones otherwise', () => {
    const sections = [
      section(1),
      section(2, 'newEntry'),
      section(3, 'investigation'),
      section(4, null, 'yes'),
    ];
    expect(sectionsFor(sections, true).map((s) => s.level)).toEqual(['S1', 'S2']);
    expect(sectionsFor(sections, false).map((s) => s.level)).toEqual(['S1', 'S2', 'S3']);
    const fields = [field(1, 'text', 1), field(2, 'text', 3), field(3, 'text', 1, { isDelete: 'yes' })];
    expect(fieldsFor(fields, sections, true).map((f) => f.orderNo)).toEqual([1]);
    expect(fieldsFor(fields, sections, false).map((f) => f.orderNo)).toEqual([1, 2]);
  });
});

describe('taskProblem', () => {
  it('checks the action dialog in order', () => {
    const task = { instruction: 'Mop', actionType: 'internal', investigator: id(1), due: '2026-11-30' };
    expect(taskProblem({ ...task, instruction: '' })).toBe('Please enter instruction.');
    expect(taskProblem({ ...task, actionType: null })).toBe('Please select Action Type.');
    expect(taskProblem({ ...task, investigator: '' })).toBe('Please enter investigator.');
    expect(taskProblem({ ...task, due: '' })).toBe('Please enter due date.');
    expect(taskProblem(task)).toBeNull();
  });
});

describe('registry', () => {
  it('has the default column sizes of the spec and seed', () => {
    const wide = FIELD_TYPES.filter((type) => FIELD_REGISTRY[type].colSize === 12);
    expect(wide.sort()).toEqual(['contentEditor', 'diagram', 'section', 'signature', 'table', 'task']);
  });
  it('rejects malformed values', () => {
    expect(FIELD_REGISTRY.date.valueSchema.safeParse('22/11/2026').success).toBe(false);
    expect(FIELD_REGISTRY.time.valueSchema.safeParse('9:15:00').success).toBe(false);
    expect(FIELD_REGISTRY.number.valueSchema.safeParse('twelve').success).toBe(false);
    expect(FIELD_REGISTRY.employee.valueSchema.safeParse(['not-an-id']).success).toBe(false);
    expect(FIELD_REGISTRY.text.valueSchema.safeParse('').success).toBe(true);
  });
});

describe('choiceIsOffered', () => {
  const options = {
    optionVal: [
      { value: 'low', label: 'Low' },
      { value: 'high', label: 'High' },
    ],
  };
  const radio = field(1, 'radio', 1, options);
  const select = field(2, 'select', 1, options);
  const checkbox = field(3, 'checkbox', 1, options);
  const items = field(4, 'items', 1, { itemList: [{ _id: id(900), name: 'Dock' }] });
  const groups = field(5, 'typeGroupings', 1, {
    optionVal: [{ category: 'Physical', subCategories: ['Noise', 'Heat'] }],
  });

  it('accepts the offered options and empty answers', () => {
    expect(choiceIsOffered(radio, 'low')).toBe(true);
    expect(choiceIsOffered(select, '')).toBe(true);
    expect(choiceIsOffered(checkbox, ['low', 'high'])).toBe(true);
    expect(choiceIsOffered(checkbox, [])).toBe(true);
    expect(choiceIsOffered(items, [id(900)])).toBe(true);
    expect(choiceIsOffered(groups, { category: 'Physical', subCategories: ['Heat'] })).toBe(true);
    expect(choiceIsOffered(groups, { category: '', subCategories: [] })).toBe(true);
  });

  it('refuses anything else', () => {
    // The label is not the value.
    expect(choiceIsOffered(radio, 'Low')).toBe(false);
    expect(choiceIsOffered(select, 'medium')).toBe(false);
    expect(choiceIsOffered(checkbox, ['low', 'medium'])).toBe(false);
    expect(choiceIsOffered(items, [id(901)])).toBe(false);
    expect(choiceIsOffered(items, ['Dock'])).toBe(false);
    expect(choiceIsOffered(groups, { category: 'Chemical', subCategories: [] })).toBe(false);
    expect(choiceIsOffered(groups, { category: 'Physical', subCategories: ['Fuels'] })).toBe(false);
    expect(choiceIsOffered(groups, { category: '', subCategories: ['Noise'] })).toBe(false);
    expect(choiceIsOffered(field(6, 'radio'), 'low')).toBe(false);
  });

  it('keeps a choice the submission already stores in the field', () => {
    expect(choiceIsOffered(select, 'legacy', 'legacy')).toBe(true);
    expect(choiceIsOffered(checkbox, ['legacy', 'low'], ['legacy'])).toBe(true);
    expect(choiceIsOffered(checkbox, ['legacy', 'other'], ['legacy'])).toBe(false);
    const old = { category: 'Old', subCategories: ['Gone', 'Kept'] };
    expect(choiceIsOffered(groups, { category: 'Old', subCategories: ['Gone'] }, old)).toBe(true);
    expect(choiceIsOffered(groups, { category: 'Old', subCategories: ['New'] }, old)).toBe(false);
  });

  it('lets every other field type through', () => {
    const choices: FieldType[] = ['radio', 'select', 'checkbox', 'items', 'typeGroupings'];
    for (const type of FIELD_TYPES.filter((t) => !choices.includes(t)))
      expect(choiceIsOffered(field(7, type), 'anything')).toBe(true);
  });
});
