import type { TTemplateAdminDetails, TTemplateDraft } from '@compass/shared';
import { Download, Save, Send, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import type { BuilderTemplate } from './model';
import { saveJson, STATUS_BADGES, STATUS_LABELS, TEMPLATES_PATH } from './shared';
import { TemplateImportButton } from './TemplateImportButton';
import type { BuilderDraft } from './useTemplateDraft';

/** The builder's title, where the template stands, and what can be done with its draft. */
export function BuilderHeader({
  template,
  details,
  drafts,
  onImport,
}: {
  template: BuilderTemplate;
  details: TTemplateAdminDetails;
  drafts: BuilderDraft;
  /** A template file read and checked, to load into the draft. */
  onImport: (template: TTemplateDraft) => void;
}) {
  const { dirty, busy, save, publish } = drafts;

  return (
    <PageHeader
      className="builder-header"
      back={{ to: TEMPLATES_PATH, label: 'Form templates' }}
      title={template.name || 'Template without a name'}
      introClassName="builder-status"
      intro={
        <>
          <span className={`badge ${STATUS_BADGES[details.status]}`}>{STATUS_LABELS[details.status]}</span>
          {details.currentVersion > 0 && (
            <span className="badge badge-neutral">Version {details.currentVersion} in use</span>
          )}
          {drafts.hasDraft && details.currentVersion > 0 && (
            <span className="badge badge-warning">Unpublished changes</span>
          )}
          {dirty && <span className="text-secondary">Not saved yet</span>}
        </>
      }
    >
      <div className="builder-actions">
        <Button
          variant="ghost"
          icon={<Download size={16} aria-hidden="true" />}
          onClick={() => saveJson(`${template.name || 'template'}.json`, drafts.draft)}
        >
          Export
        </Button>
        {!drafts.archived && (
          <>
            <TemplateImportButton
              variant="ghost"
              fileLabel="Template file to load into the draft"
              onRead={(imported) => {
                onImport(imported);
                toast.success('File loaded into the draft. Save or publish to keep it.');
              }}
            />
            {drafts.draftSaved && details.currentVersion > 0 && (
              <Button
                variant="ghost"
                icon={<Undo2 size={16} aria-hidden="true" />}
                disabled={busy}
                onClick={() => drafts.setDiscarding(true)}
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
              disabled={busy || (!drafts.hasDraft && details.currentVersion > 0)}
              loading={publish.isPending}
              onClick={() => publish.mutate()}
            >
              Publish
            </Button>
          </>
        )}
      </div>
    </PageHeader>
  );
}
