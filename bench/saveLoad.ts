/**
 * The load generator of the save benchmark (bench/api.ts), run as a child process like
 * bench/load.ts: its requests and their JSON never share an event loop with the server it
 * measures. Input: one JSON argument (SaveSpec); output: one JSON line (SaveResult).
 *
 * Each connection saves a draft of its own again and again (a closed loop: a free draft, its save,
 * the version it got back for the next), one answer changed each time.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { post } from './http';
import { closedLoop, type Stats } from './lib';

/** What a save of the benchmark template's draft holds, apart from the draft itself. */
export interface SaveForm {
  templateId: string;
  workplace: string;
  branch: string;
  employeeId: string;
  /** The answered fields: 20 of the template's text, number, date and time fields. */
  answered: { _id: string; type: string }[];
  /** The field whose answer changes with every save. */
  changingFieldId: string;
  taskFieldId: string;
}

export interface SaveDraft {
  _id?: string;
  version?: number;
  /** Its three actions' ids, once it has them. */
  tasks?: string[];
}

export interface SaveSpec {
  url: string;
  token: string;
  form: SaveForm;
  drafts: Required<SaveDraft>[];
  warmupS: number;
  durationS: number;
}

export type SaveResult = Stats;

const ANSWER: Record<string, string> = {
  text: 'Racking',
  textarea: 'Long text',
  number: '3',
  date: '2026-11-20',
  time: '14:15',
};

/** The body of a save of `draft` (a new one without its id), with `counter` in the changing answer. */
export function saveBody(form: SaveForm, draft: SaveDraft, counter: number) {
  return {
    ...(draft._id ? { _id: draft._id, version: draft.version } : {}),
    formTemplateId: form.templateId,
    formDescription: 'Save benchmark',
    formDate: '2026-11-20',
    workplace: form.workplace,
    branch: form.branch,
    submissionUserId: [{ userId: form.employeeId }],
    formValue: form.answered.map((field) => ({
      relatedFormId: field._id,
      value: field._id === form.changingFieldId ? `Racking ${counter}` : ANSWER[field.type],
    })),
    taskData: [0, 1, 2].map((index) => ({
      ...(draft.tasks?.[index] ? { _id: draft.tasks[index] } : {}),
      relatedFormId: form.taskFieldId,
      instruction: `Action ${index + 1}`,
      actionType: 'internal',
      investigator: form.employeeId,
      due: '2026-12-01',
    })),
    tableData: [],
    isDraft: 'yes',
  };
}

/** The fields the benchmark answers: the first 20 of the kinds ANSWER knows. */
export const answerable = (fields: { _id: string; type: string }[]) =>
  fields.filter((field) => field.type in ANSWER).slice(0, 20);

/** One save; its id and new version. Anything but 200 throws. */
export async function saveOnce(url: string, token: string, body: unknown) {
  const { status, json } = await post(url, body, token);
  if (status !== 200) throw new Error(`formSubmissionSave: ${status} ${JSON.stringify(json)}`);
  return (json as { response_data: { _id: string; version: number } }).response_data;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as SaveSpec;
  const free = spec.drafts.map((draft) => ({ ...draft, counter: 0 }));
  // As many drafts as connections: each save takes a free one, so no draft has two saves at once.
  const saveNext = async () => {
    const draft = free.pop()!;
    try {
      draft.counter += 1;
      draft.version = (
        await saveOnce(spec.url, spec.token, saveBody(spec.form, draft, draft.counter))
      ).version;
    } finally {
      free.push(draft);
    }
  };
  await closedLoop(spec.drafts.length, spec.warmupS * 1000, saveNext);
  const stats: SaveResult = await closedLoop(spec.drafts.length, spec.durationS * 1000, saveNext);
  process.stdout.write(`${JSON.stringify(stats)}\n`);
}

// Run as the child; imported, it only lends bench/api.ts the save's body.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
