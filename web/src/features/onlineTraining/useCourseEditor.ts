import type { TTrainingCourseContent, TTrainingCourseDetails } from '@compass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, fieldErrorsOf, notifyError } from '../../api/errors';
import { useUnsavedChangesGuard } from '../../components/UnsavedChanges';
import { courseWrites, trainingKeys, useCourseWrite } from './api';
import { formOf, formProblems, saveBody, type CourseForm, type Problems } from './model';

/** What the course editor holds and can do: its form, where it stands against the server, its writes. */
export type CourseEditor = ReturnType<typeof useCourseEditor>;

/** Someone else changed the course since the editor read it. */
const isStale = (error: unknown) => error instanceof ApiError && error.errorCode === 'stale_version';

/** The form without a file: a deleted file leaves every section. */
const withoutFile = (form: CourseForm, fileId: string): CourseForm => ({
  ...form,
  content: {
    ...form.content,
    sections: form.content.sections.map((section) => ({
      ...section,
      fileIds: section.fileIds.filter((id) => id !== fileId),
    })),
  },
});

/**
 * The course editor's state against the server: the form and whether it is saved, the revision
 * every write names, the course's files, the problems found before sending or by the server (at
 * their fields), a conflict, and the writes. A publish or a discard starts the editor again from
 * what the server has (the page keys the editor by its load).
 */
export function useCourseEditor(details: TTrainingCourseDetails) {
  const courseId = details._id;
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formOf(details));
  const [saved, setSaved] = useState(() => JSON.stringify(formOf(details)));
  const [revision, setRevision] = useState(details.revision);
  const [hasDraft, setHasDraft] = useState(details.draft !== null);
  const [isActive, setIsActive] = useState(details.isActive);
  const [files, setFiles] = useState(details.files);
  const [problems, setProblems] = useState<Problems>({});
  const [stale, setStale] = useState(false);
  const dirty = JSON.stringify(form) !== saved;
  const { allowLeave, dialog: leaveDialog } = useUnsavedChangesGuard(dirty && !stale);
  const published = details.currentVersion > 0;

  const startAgain = () => {
    allowLeave();
    return queryClient.invalidateQueries({ queryKey: trainingKeys.course(courseId) });
  };

  /** A refused write: a conflict shows the reload banner, the server's problems go to their fields. */
  const onError = (error: unknown) => {
    if (isStale(error)) setStale(true);
    else if (error instanceof ApiError && error.hasValidationErrors) setProblems(fieldErrorsOf(error));
    else notifyError(error);
  };

  /** The form's problems found before sending (shown at once); whether there are none. */
  const passes = (publishing: boolean) => {
    const found = formProblems(saveBody(courseId, revision, form), form.content, publishing);
    setProblems(found);
    return Object.keys(found).length === 0;
  };

  const saveForm = async () => {
    const result = await courseWrites.save(saveBody(courseId, revision, form));
    setRevision(result.data.revision);
    setSaved(JSON.stringify(form));
    setHasDraft(true);
    return result;
  };

  const save = useCourseWrite(saveForm, { onSuccess: () => {}, onError });
  const publish = useCourseWrite(
    async () => {
      const from = dirty || !hasDraft ? (await saveForm()).data.revision : revision;
      return courseWrites.publish({ _id: courseId, revision: from });
    },
    { onSuccess: startAgain, onError },
  );
  const discard = useCourseWrite(() => courseWrites.discard({ _id: courseId, revision }), {
    onSuccess: startAgain,
    onError,
  });
  const setActive = useCourseWrite(
    (next: boolean) => courseWrites.setActive({ _id: courseId, revision, isActive: next }),
    {
      onSuccess: (data, next) => {
        setRevision(data.revision);
        setIsActive(next);
      },
      onError,
    },
  );
  const addFiles = useCourseWrite(
    ({ chosen }: { chosen: File[]; section: number }) => courseWrites.addFiles(courseId, chosen),
    {
      onSuccess: (added, { section }) => {
        setFiles((current) => [...current, ...added]);
        setForm((current) => ({
          ...current,
          content: {
            ...current.content,
            sections: current.content.sections.map((item, index) =>
              index === section
                ? { ...item, fileIds: [...item.fileIds, ...added.map((file) => file._id)] }
                : item,
            ),
          },
        }));
      },
      // Files name no revision: their refusals (a type, a size, a file in use) are only told.
      onError: notifyError,
    },
  );
  const deleteFile = useCourseWrite((fileId: string) => courseWrites.deleteFile({ _id: courseId, fileId }), {
    onSuccess: (data, fileId) => {
      // The server's draft stops naming the file too: what was saved is still saved.
      setRevision(data.revision);
      setFiles((current) => current.filter((file) => file._id !== fileId));
      setForm((current) => withoutFile(current, fileId));
      setSaved((current) => JSON.stringify(withoutFile(JSON.parse(current) as CourseForm, fileId)));
    },
    onError,
  });

  const busy = save.isPending || publish.isPending || discard.isPending || setActive.isPending;
  return {
    courseId,
    form,
    setForm,
    setContent: (patch: Partial<TTrainingCourseContent>) =>
      setForm((current) => ({ ...current, content: { ...current.content, ...patch } })),
    dirty,
    /** There are unpublished changes (saved, or only typed). */
    hasChanges: hasDraft || dirty,
    /** There is something to publish: changes, or a course never published. */
    canPublish: hasDraft || dirty || !published,
    /** Discard changes goes back to the published version, when there is one and changes were saved. */
    canDiscard: hasDraft && published,
    published,
    isActive,
    files,
    problems,
    stale,
    busy,
    save: () => {
      if (passes(false)) save.mutate();
    },
    publish: () => {
      if (passes(true)) publish.mutate();
    },
    saving: save.isPending,
    publishing: publish.isPending,
    discard,
    setActive,
    addFiles,
    deleteFile,
    reload: () => void startAgain(),
    leaveDialog,
  };
}
