import { fieldConfig } from '../fields/config';
import type { TTemplateField } from '../contracts/submissions';

/**
 * The audit score (docs/audits.md): a radio or select question offering both a "Yes" and a "No"
 * option is scored; answered "Yes" it passes, "No" it fails, anything else (N/A, blank) is left
 * out. The score is the percentage of scored answers that pass, rounded; null when none counts.
 */
export interface AuditScore {
  passed: number;
  failed: number;
  percent: number | null;
}

type ScoredField = Pick<TTemplateField, '_id' | 'type' | 'optionVal' | 'itemList'>;

const normal = (text: string) => text.trim().toLowerCase();

/** The option value of "Yes" and of "No" when the question is scored, else null. */
export function scoredOptions(field: ScoredField): { yes: string; no: string } | null {
  if (field.type !== 'radio' && field.type !== 'select') return null;
  const options = fieldConfig(field.type, field).optionVal;
  const find = (word: string) =>
    options.find((option) => normal(option.label) === word || normal(option.value) === word)?.value;
  const yes = find('yes');
  const no = find('no');
  return yes !== undefined && no !== undefined ? { yes, no } : null;
}

export function auditScore(
  fields: readonly ScoredField[],
  answers: Readonly<Record<string, unknown>>,
): AuditScore {
  let passed = 0;
  let failed = 0;
  for (const field of fields) {
    const scored = scoredOptions(field);
    if (!scored) continue;
    const answer = answers[field._id];
    if (answer === scored.yes) passed += 1;
    else if (answer === scored.no) failed += 1;
  }
  const counted = passed + failed;
  return { passed, failed, percent: counted === 0 ? null : Math.round((passed / counted) * 100) };
}
