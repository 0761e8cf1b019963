import { FIELD_REGISTRY, templateMessages as say, type TTemplateAdminDetails } from '@compass/shared';
import { Eye, EyeOff } from 'lucide-react';
import { useReducer, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListState } from '../../components/ListParts';
import { type TabOption, Tabs } from '../../components/Tabs';
import { usePageTitle } from '../../shell/pageTitle';
import { BuilderDesign } from './BuilderDesign';
import { BuilderHeader } from './BuilderHeader';
import { HistoryPanel } from './HistoryPanel';
import { builderReducer, findField, toBuilder, type BuilderErrors, type BuilderTemplate } from './model';
import { TemplateSettings } from './SettingsPanels';
import { useTemplateAdminDetails } from './api';
import { useTemplateDraft } from './useTemplateDraft';

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

const BUILDER_TABS: TabOption<Tab>[] = [
  { value: 'design', label: 'Design' },
  { value: 'settings', label: 'Settings' },
  { value: 'history', label: 'History' },
];

function Builder({ templateId, details }: { templateId: string; details: TTemplateAdminDetails }) {
  const [template, dispatch] = useReducer(builderReducer, details.template, toBuilder);
  const [tab, setTab] = useState<Tab>('design');
  const [showPreview, setShowPreview] = useState(true);
  const [selected, setSelected] = useState<string | null>(
    () => template.sections[0]?.fields[0]?.id ?? template.sections[0]?.id ?? null,
  );
  /** Shows where a problem is: the settings for the template's own, else the section or field in the outline. */
  const goTo = (target: string) => {
    setTab(target === 'template' ? 'settings' : 'design');
    if (target !== 'template') setSelected(target);
  };
  const drafts = useTemplateDraft(templateId, details, template, goTo);
  const { errors } = drafts;

  return (
    <div className="admin-page builder-page stack-lg">
      <BuilderHeader
        template={template}
        details={details}
        drafts={drafts}
        onImport={(file) => {
          dispatch({ type: 'replace', template: toBuilder(file) });
          drafts.clearErrors();
        }}
      />
      {drafts.archived && (
        <div className="alert alert-warning" role="status">
          {say.archived}
        </div>
      )}
      {drafts.stale && (
        <div className="alert alert-danger" role="alert">
          <span>{say.stale}</span>
          <Button size="sm" onClick={drafts.reload}>
            Reload
          </Button>
        </div>
      )}
      <ProblemList template={template} errors={errors} onGoTo={goTo} />
      <div className="builder-toolbar">
        <Tabs label="Template builder" options={BUILDER_TABS} current={tab} onChange={setTab} />
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
        <BuilderDesign
          template={template}
          dispatch={dispatch}
          selected={selected}
          onSelect={setSelected}
          errors={errors}
          showPreview={showPreview}
        />
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
      {drafts.discarding && (
        <ConfirmDialog
          title="Discard the unpublished changes?"
          confirmLabel="Discard"
          danger
          pending={drafts.discard.isPending}
          onClose={() => drafts.setDiscarding(false)}
          onConfirm={() => drafts.discard.mutate()}
        >
          <p>The template goes back to version {details.currentVersion}, as it is in use now.</p>
        </ConfirmDialog>
      )}
      {drafts.leaveDialog}
    </div>
  );
}

/** The problems a publish was refused for, each a link to where it is. */
function ProblemList({
  template,
  errors,
  onGoTo,
}: {
  template: BuilderTemplate;
  errors: BuilderErrors;
  onGoTo: (target: string) => void;
}) {
  const problemCount = Object.values(errors).reduce((sum, list) => sum + list.length, 0);
  if (problemCount === 0) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {problemCount} problem{problemCount === 1 ? '' : 's'} to fix before publishing:
      <ul className="builder-problems">
        {Object.entries(errors).flatMap(([target, list]) =>
          list.map((entry, index) => (
            <li key={`${target}-${index}`}>
              <button type="button" className="link-button" onClick={() => onGoTo(target)}>
                {describeTarget(template, target)}
              </button>
              : {entry.message}
            </li>
          )),
        )}
      </ul>
    </div>
  );
}

/** "Section 2 › Injury type" for a problem's target. */
function describeTarget(template: BuilderTemplate, target: string): string {
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
