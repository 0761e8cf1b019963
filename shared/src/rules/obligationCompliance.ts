/**
 * An obligation's compliance status, derived from its questions (ObligationQuestionTask rows,
 * answered in the dashboard's obligation action dialog): nothing asked yet, every question
 * answered, questions still open, or an open question past its due day. The register's list
 * filters with the same four cases in SQL (server/src/modules/obligations/service.ts).
 */
export const OBLIGATION_COMPLIANCE = ['compliant', 'inProgress', 'overdue', 'notAssessed'] as const;
export type ObligationCompliance = (typeof OBLIGATION_COMPLIANCE)[number];

export const OBLIGATION_COMPLIANCE_LABELS: Record<ObligationCompliance, string> = {
  compliant: 'Compliant',
  inProgress: 'Questions open',
  overdue: 'Overdue questions',
  notAssessed: 'Not assessed',
};

/** The counts the status follows from: questions asked, still open, and the earliest open due day. */
export interface QuestionTally {
  questions: number;
  open: number;
  /** yyyy-MM-dd of the open question due first; null when none is open. */
  firstOpenDue: string | null;
}

export function obligationCompliance(tally: QuestionTally, today: string): ObligationCompliance {
  if (tally.questions === 0) return 'notAssessed';
  if (tally.open === 0) return 'compliant';
  if (tally.firstOpenDue !== null && tally.firstOpenDue < today) return 'overdue';
  return 'inProgress';
}

/** Tallies questions as the edit page holds them (answered or not, with their due days). */
export function tallyQuestions(
  questions: readonly { isComplete: boolean; dueDate: string }[],
): QuestionTally {
  const open = questions.filter((question) => !question.isComplete).map((question) => question.dueDate);
  return {
    questions: questions.length,
    open: open.length,
    firstOpenDue: open.length ? open.reduce((first, day) => (day < first ? day : first)) : null,
  };
}
