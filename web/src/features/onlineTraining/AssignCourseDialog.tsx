import { trainingAssignmentMessages as say } from '@compass/shared';
import type { FormEvent } from 'react';
import { ASSIGN_PEOPLE, AssignFields, useAssignFields } from '../../components/AssignFields';
import { Dialog, DialogFormActions, DialogQueryState } from '../../components/Dialog';
import { useAssignCourse, useAssignOptions } from './api';

const WORDS = { ...say, dueInPast: say.completeByInPast, dueRequired: 'Choose the complete-by date.' };

/**
 * Assign a published course: to whom (employees by name, a position or a workplace), the reviewer
 * of its written answers, the day to complete it by, whether it is a refresher, and a message.
 * Each employee is mailed and finds it on their dashboard.
 */
export function AssignCourseDialog({
  course,
  onClose,
}: {
  course: { _id: string; name: string };
  onClose: () => void;
}) {
  const options = useAssignOptions();
  const form = useAssignFields(WORDS, 'completeBy');
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
      description="Each employee gets an e-mail and finds the training on their dashboard; the reviewer marks any written answers."
      onClose={onClose}
      wide
    >
      {!options.data ? (
        <DialogQueryState query={options} failure="The positions and workplaces could not be loaded." />
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
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
