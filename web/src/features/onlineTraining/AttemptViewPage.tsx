import { AttemptPage, AttemptQuestions, AttemptSummary } from './attemptParts';

/**
 * /human-resource/employee/online-training-form-attempt-view/:id (an attempt's id, or an
 * assignment's for its latest): how a submitted attempt came out, question by question — for the
 * trainee, the reviewer and HR. Never the answer key.
 */
export function AttemptViewPage() {
  return (
    <AttemptPage pageTitle={(heading) => heading}>
      {(attempt) => (
        <>
          <AttemptSummary attempt={attempt} />
          <AttemptQuestions questions={attempt.questions} />
        </>
      )}
    </AttemptPage>
  );
}
