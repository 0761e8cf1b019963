import {
  FIELD_REGISTRY,
  templateDiscardDraftCall,
  templateDraftSaveCall,
  templateMessages as say,
  templatePublishCall,
  ZTemplateDraft,
  type TTemplateAdminDetails,
} from '@compass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download, Eye, EyeOff, Save, Send, Undo2, Upload } from 'lucide-react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { sendCall } from '../../api/client';
import { ApiError, notifyError } from '../../api/errors';
import { changeLogKeys } from '../../api/queryKeys';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListState } from '../../components/ListParts';
import { usePageTitle } from '../../shell/pageTitle';
import { useUnsavedChangesGuard } from '../submissions';
import { BuilderOutline } from './BuilderOutline';
import { FieldPanel } from './FieldPanel';
import { HistoryPanel } from './HistoryPanel';
import {
  builderErrors,
  builderReducer,
  findField,
  newFieldId,
  toBuilder,
  toDraft,
  type BuilderErrors,
} from './model';
import { PreviewPane } from './PreviewPane';
import { SectionPanel, TemplateSettings } from './SettingsPanels';
import { templateKeys, useTemplateAdminDetails } from './api';
import { saveJson, STATUS_BADGES, STATUS_LABELS, TEMPLATES_PATH } from './shared';

/** /system-administration/form-templates/:id: the template builder. */
export function TemplateBuilderPage() {
  const { id = '' } = useParams();
  const details = useTemplateAdminDetails(id);
  usePageTitle(details.data ? `${details.data.template.name} · Template builder` : 'Template builder');
  if (!details.data)
    return (
      <div className="admin-page">
        <ListState query={details} count={1} empty="" />
      </div>
    );
  // A publish, a discard or a reload after a conflict starts the builder again from what the server has.
  return <Builder key={`${id}:${details.dataUpdatedAt}`} templateId={id} details={details.data} />;
}

type Tab = 'design' | 'settings' | 'history';

function Builder({ templateId, details }: { templateId: string; details: TTemplateAdminDetails }) {
  const queryClient = useQueryClient();
  const [template, dispatch] = useReducer(builderReducer, details.template, toBuilder);
  const [saved, setSaved] = useState(() => JSON.stringify(details.template));
  const [revision, setRevision] = useState(details.revision);
  const [draftSaved, setDraftSaved] = useState(details.hasDraft);
  const [tab, setTab] = useState<Tab>('design');
  const [showPreview, setShowPreview] = useState(true);
  const [selected, setSelected] = useState<string | null>(
    () => template.sections[0]?.fields[0]?.id ?? template.sections[0]?.id ?? null,
  );
  const [errors, setErrors] = useState<BuilderErrors>({});
  const [stale, setStale] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const importRef = useRef<HTMLInputElement>(null);
  const draft = useMemo(() => toDraft(template), [template]);
  const dirty = useMemo(() => JSON.stringify(draft) !== saved, [draft, saved]);
  const { allowLeave, dialog: leaveDialog } = useUnsavedChangesGuard(dirty && !stale);
  const archived = details.status === 'archived';

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: templateKeys.list }),
      queryClient.invalidateQueries({ queryKey: changeLogKeys.all }),
    ]);

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
      const first = Object.keys(marked).find((target) => target !== 'template');
      if (marked.template) setTab('settings');
      else if (first) {
        setTab('design');
        setSelected(first);
      }
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
      await queryClient.invalidateQueries({ queryKey: templateKeys.details(templateId) });
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
      await queryClient.invalidateQueries({ queryKey: templateKeys.details(templateId) });
    },
    onError: (error) => {
      setDiscarding(false);
      onRefused(error);
    },
  });

  const busy = save.isPending || publish.isPending || discard.isPending;
  const onKey = useCallback(
    (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        if (dirty && !busy && !archived) save.mutate();
      }
    },
    [dirty, busy, archived, save],
  );
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onKey]);

  const importFile = async (file: File) => {
    try {
      const parsed = ZTemplateDraft.safeParse(JSON.parse(await file.text()));
      if (!parsed.success) throw new Error(say.importInvalid);
      dispatch({ type: 'replace', template: toBuilder(parsed.data) });
      setErrors({});
      toast.success('File loaded into the draft. Save or publish to keep it.');
    } catch {
      toast.error(say.importInvalid);
    }
  };

  const selection = findField(template, selected);
  const sectionIndex = template.sections.findIndex((section) => section.id === selected);
  const problemCount = Object.values(errors).reduce((sum, list) => sum + list.length, 0);
  const hasDraft = draftSaved || dirty;

  return (
    <div className="admin-page builder-page stack-lg">
      <div className="page-header builder-header">
        <div>
          <Link to={TEMPLATES_PATH} className="back-link">
            <ArrowLeft size={16} aria-hidden="true" /> Form templates
          </Link>
          <h1>{template.name || 'Template without a name'}</h1>
          <p className="builder-status">
            <span className={`badge ${STATUS_BADGES[details.status]}`}>{STATUS_LABELS[details.status]}</span>
            {details.currentVersion > 0 && (
              <span className="badge badge-neutral">Version {details.currentVersion} in use</span>
            )}
            {hasDraft && details.currentVersion > 0 && (
              <span className="badge badge-warning">Unpublished changes</span>
            )}
            {dirty && <span className="text-secondary">Not saved yet</span>}
          </p>
        </div>
        <div className="builder-actions">
          <Button
            variant="ghost"
            icon={<Download size={16} aria-hidden="true" />}
            onClick={() => saveJson(`${template.name || 'template'}.json`, draft)}
          >
            Export
          </Button>
          {!archived && (
            <>
              <Button
                variant="ghost"
                icon={<Upload size={16} aria-hidden="true" />}
                onClick={() => importRef.current?.click()}
              >
                Import
              </Button>
              <input
                ref={importRef}
                type="file"
                accept="application/json,.json"
                hidden
                aria-label="Template file to load into the draft"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void importFile(file);
                }}
              />
              {draftSaved && details.currentVersion > 0 && (
                <Button
                  variant="ghost"
                  icon={<Undo2 size={16} aria-hidden="true" />}
                  disabled={busy}
                  onClick={() => setDiscarding(true)}
                >
                  Discard changes
                </Button>
              )}
              <Button
                icon={<Save size={16} aria-hidden="true" />}
                disabled={!dirty || busy}
                loading={save.isPending}
                onClick={() => save.mutate()}
              >
                Save draft
              </Button>
              <Button
                variant="primary"
                icon={<Send size={16} aria-hidden="true" />}
                disabled={busy || (!hasDraft && details.currentVersion > 0)}
                loading={publish.isPending}
                onClick={() => publish.mutate()}
              >
                Publish
              </Button>
            </>
          )}
        </div>
      </div>
      {archived && (
        <div className="alert alert-warning" role="status">
          {say.archived}
        </div>
      )}
      {stale && (
        <div className="alert alert-danger" role="alert">
          <span>{say.stale}</span>
          <Button
            size="sm"
            onClick={() => {
              allowLeave();
              void queryClient.invalidateQueries({ queryKey: templateKeys.details(templateId) });
            }}
          >
            Reload
          </Button>
        </div>
      )}
      {problemCount > 0 && (
        <div className="alert alert-danger" role="alert">
          {problemCount} problem{problemCount === 1 ? '' : 's'} to fix before publishing:
          <ul className="builder-problems">
            {Object.entries(errors).flatMap(([target, list]) =>
              list.map((entry, index) => (
                <li key={`${target}-${index}`}>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      setTab(target === 'template' ? 'settings' : 'design');
                      if (target !== 'template') setSelected(target);
                    }}
                  >
                    {describeTarget(template, target)}
                  </button>
                  : {entry.message}
                </li>
              )),
            )}
          </ul>
        </div>
      )}
      <div className="builder-toolbar">
        <div className="tablist" role="tablist" aria-label="Template builder">
          {(
            [
              ['design', 'Design'],
              ['settings', 'Settings'],
              ['history', 'History'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab === value}
              onClick={() => setTab(value)}
            >
              {label}
            </button>
          ))}
        </div>
        {tab === 'design' && (
          <Button
            variant="ghost"
            aria-pressed={showPreview}
            icon={
              showPreview ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />
            }
            onClick={() => setShowPreview((shown) => !shown)}
          >
            {showPreview ? 'Hide preview' : 'Show preview'}
          </Button>
        )}
      </div>
      {tab === 'design' && (
        <div className={showPreview ? 'builder-grid with-preview' : 'builder-grid'}>
          <BuilderOutline
            template={template}
            selected={selected}
            errors={errors}
            onSelect={setSelected}
            onAddSection={() => dispatch({ type: 'addSection' })}
            onAddField={(sectionId, fieldType) => {
              const id = newFieldId();
              dispatch({ type: 'addField', sectionId, fieldType, id });
              setSelected(id);
            }}
            onMoveField={(id, toSection, toIndex) => dispatch({ type: 'moveField', id, toSection, toIndex })}
          />
          <div className="builder-panel-column">
            {selection ? (
              <FieldPanel
                key={selection.field.id}
                field={selection.field}
                sections={template.sections}
                sectionId={selection.section.id}
                errors={errors[selection.field.id]}
                onChange={(patch) => dispatch({ type: 'updateField', id: selection.field.id, patch })}
                onMove={(toSection) =>
                  dispatch({ type: 'moveField', id: selection.field.id, toSection, toIndex: Infinity })
                }
                onDuplicate={() => {
                  const id = newFieldId();
                  const { id: _id, key: _key, ...copy } = selection.field;
                  dispatch({ type: 'addField', sectionId: selection.section.id, fieldType: copy.type, id });
                  dispatch({ type: 'updateField', id, patch: { ...copy, label: `${copy.label} (copy)` } });
                  setSelected(id);
                }}
                onRemove={() => {
                  dispatch({ type: 'removeField', id: selection.field.id });
                  setSelected(selection.section.id);
                }}
              />
            ) : sectionIndex >= 0 ? (
              <SectionPanel
                key={selected}
                section={template.sections[sectionIndex]!}
                number={sectionIndex + 1}
                count={template.sections.length}
                errors={errors[selected!]}
                onChange={(patch) => dispatch({ type: 'updateSection', id: selected!, patch })}
                onMove={(by) => dispatch({ type: 'moveSection', id: selected!, by })}
                onRemove={() => {
                  dispatch({ type: 'removeSection', id: selected! });
                  setSelected(null);
                }}
              />
            ) : (
              <div className="card builder-panel text-secondary">
                Choose a section or a field to change it, or add a field with “Add a field…”.
              </div>
            )}
          </div>
          {showPreview && <PreviewPane template={template} />}
        </div>
      )}
      {tab === 'settings' && (
        <TemplateSettings
          template={template}
          templateId={templateId}
          published={details.currentVersion > 0}
          errors={errors.template}
          onChange={(patch) => dispatch({ type: 'updateTemplate', patch })}
        />
      )}
      {tab === 'history' && <HistoryPanel templateId={templateId} versions={details.versions} />}
      {discarding && (
        <ConfirmDialog
          title="Discard the unpublished changes?"
          confirmLabel="Discard"
          danger
          pending={discard.isPending}
          onClose={() => setDiscarding(false)}
          onConfirm={() => discard.mutate()}
        >
          <p>The template goes back to version {details.currentVersion}, as it is in use now.</p>
        </ConfirmDialog>
      )}
      {leaveDialog}
    </div>
  );
}

/** "Section 2 › Injury type" for a problem's target. */
function describeTarget(template: ReturnType<typeof toBuilder>, target: string): string {
  if (target === 'template') return 'Settings';
  const found = findField(template, target);
  const sectionOf = (id: string) => {
    const index = template.sections.findIndex((section) => section.id === id);
    return `Section ${index + 1}`;
  };
  if (found)
    return `${sectionOf(found.section.id)} › ${found.field.label || FIELD_REGISTRY[found.field.type].title}`;
  return sectionOf(target);
}
