import { trainingAssignmentMessages as say } from '@compass/shared';
import type { FormEvent } from 'react';
import { ASSIGN_PEOPLE, AssignFields, useAssignFields } from '../../components/AssignFields';
import { Dialog, DialogFormActions, DialogQueryState } from '../../components/Dialog';
import { personnelSearch, useAssignCourse, useAssignOptions } from './api';

const WORDS = { ...say, dueInPast: say.completeByInPast, dueRequired: 'Choose the complete-by date.' };
/** A course goes to supplier personnel too (a site induction), and to whoever joins a position later. */
const EXTRAS = { personnel: personnelSearch, followPosition: true };

/**
 * Assign a published course: to whom (employees by name, a position — and whoever joins it later —,
 * a workplace, or supplier personnel), the reviewer of its written answers, the day to complete it
 * by, whether it is a refresher, and a message. Each employee is mailed and finds it on their
 * dashboard; supplier personnel are mailed a link to take it.
 */
export function AssignCourseDialog({
  course,
  onClose,
}: {
  course: { _id: string; name: string };
  onClose: () => void;
}) {
  const options = useAssignOptions();
  const form = useAssignFields(WORDS, 'completeBy', EXTRAS);
  const assign = useAssignCourse(onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    assign.mutate(
      { body: { courseId: course._id, ...form.body(), completeBy: form.values.due } },
      { onError: form.showFailure },
    );
  };
  return (
    <Dialog
      title={`Assign ${course.name}`}
      description="Each employee gets an e-mail and finds the training on their dashboard; supplier personnel get an e-mail with a link to it. The reviewer marks any written answers."
      onClose={onClose}
      wide
    >
      {!options.data ? (
        <DialogQueryState query={options} failure="The positions and workplaces could not be loaded." />
      ) : (
        <form className="stack training-assign" onSubmit={submit} noValidate>
          {form.errors.courseId && (
            <p className="form-error" role="alert">
              {form.errors.courseId}
            </p>
          )}
          <AssignFields
            form={form}
            choices={options.data}
            {...ASSIGN_PEOPLE}
            dueLabel="Complete by"
            repeatNote="When the training is passed, it is assigned again, due one repeat after the pass."
          />
          <DialogFormActions submitLabel="Assign" pending={assign.isPending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
