import {
  templateDiscardDraftCall,
  templateDraftSaveCall,
  templatePublishCall,
  type TTemplateAdminDetails,
} from '@compass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { sendCall } from '../../api/client';
import { ApiError, notifyError } from '../../api/errors';
import { changeLogKeys } from '../../api/queryKeys';
import { useUnsavedChangesGuard } from '../../components/UnsavedChanges';
import { builderErrors, toDraft, type BuilderErrors, type BuilderTemplate } from './model';
import { templateKeys } from './api';

/** What the builder knows of its draft against the server, and what it can do with it. */
export type BuilderDraft = ReturnType<typeof useTemplateDraft>;

/**
 * The builder's draft against the server: whether it is saved, saving, publishing and discarding it,
 * and what the server refused (a conflict, or problems marked in place; `onProblem` shows the first).
 */
export function useTemplateDraft(
  templateId: string,
  details: TTemplateAdminDetails,
  template: BuilderTemplate,
  onProblem: (target: string) => void,
) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(() => JSON.stringify(details.template));
  const [revision, setRevision] = useState(details.revision);
  const [draftSaved, setDraftSaved] = useState(details.hasDraft);
  const [errors, setErrors] = useState<BuilderErrors>({});
  const [stale, setStale] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const draft = useMemo(() => toDraft(template), [template]);
  const dirty = useMemo(() => JSON.stringify(draft) !== saved, [draft, saved]);
  const { allowLeave, dialog: leaveDialog } = useUnsavedChangesGuard(dirty && !stale);
  const archived = details.status === 'archived';

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: templateKeys.list }),
      queryClient.invalidateQueries({ queryKey: changeLogKeys.all }),
    ]);
  const reloadDetails = () => queryClient.invalidateQueries({ queryKey: templateKeys.details(templateId) });

  /** A refused save or publish: a conflict shows the reload banner, problems are marked in place. */
  const onRefused = (error: unknown) => {
    if (error instanceof ApiError && error.errorCode === 'stale_version') {
      setStale(true);
      return;
    }
    if (error instanceof ApiError && error.code === 400 && error.validationErrors.length > 0) {
      const marked = builderErrors(template, error.validationErrors);
      setErrors(marked);
      toast.error(
        `${error.validationErrors.length} problem${error.validationErrors.length === 1 ? '' : 's'} to fix before publishing: they are marked in the outline.`,
      );
      const first = marked.template
        ? 'template'
        : Object.keys(marked).find((target) => target !== 'template');
      if (first) onProblem(first);
      return;
    }
    notifyError(error);
  };

  const saveDraft = async () => {
    const result = await sendCall(templateDraftSaveCall, {
      body: { _id: templateId, revision, template: draft },
    });
    setRevision(result.data.revision);
    setSaved(JSON.stringify(draft));
    setDraftSaved(true);
    return result;
  };

  const save = useMutation({
    mutationFn: saveDraft,
    meta: { silent: true },
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
    onError: onRefused,
  });

  const publish = useMutation({
    mutationFn: async () => {
      const from = dirty || !draftSaved ? (await saveDraft()).data.revision : revision;
      return sendCall(templatePublishCall, { body: { _id: templateId, revision: from } });
    },
    meta: { silent: true },
    onSuccess: async (result) => {
      toast.success(result.message);
      setErrors({});
      setRevision(result.data.revision);
      await refresh();
      await reloadDetails();
    },
    onError: onRefused,
  });

  const discard = useMutation({
    mutationFn: () => sendCall(templateDiscardDraftCall, { body: { _id: templateId, revision } }),
    meta: { silent: true },
    onSuccess: async (result) => {
      toast.success(result.message);
      setDiscarding(false);
      allowLeave();
      await refresh();
      await reloadDetails();
    },
    onError: (error) => {
      setDiscarding(false);
      onRefused(error);
    },
  });

  const busy = save.isPending || publish.isPending || discard.isPending;
  useSaveShortcut(dirty && !busy && !archived, save.mutate);

  /** After a conflict: the builder starts again from what the server has. */
  const reload = () => {
    allowLeave();
    void reloadDetails();
  };

  return {
    draft,
    dirty,
    draftSaved,
    hasDraft: draftSaved || dirty,
    archived,
    errors,
    clearErrors: () => setErrors({}),
    stale,
    reload,
    save,
    publish,
    discard,
    busy,
    discarding,
    setDiscarding,
    leaveDialog,
  };
}

/** Ctrl+S (⌘S) saves the draft when it can be saved, instead of the browser saving the page. */
function useSaveShortcut(canSave: boolean, save: () => void) {
  const onKey = useCallback(
    (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        if (canSave) save();
      }
    },
    [canSave, save],
  );
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onKey]);
}
