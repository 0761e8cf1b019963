import { ONLINE_TRAINING_ADMIN_PATH, type TTrainingCourseDetails } from '@compass/shared';
import { Power, RotateCcw, Save, Send, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListState } from '../../components/ListParts';
import { PageHeader } from '../../components/PageHeader';
import { StaleAlert } from '../../components/StaleAlert';
import { usePageTitle } from '../../shell/pageTitle';
import { useCourseDetails } from './api';
import { AssignmentsCard } from './AssignmentsCard';
import { ProblemSummary } from './parts';
import { QuestionsCard } from './QuestionsCard';
import { SectionsCard } from './SectionsCard';
import { IntroductionCard, SettingsCard } from './SettingsCard';
import { useCourseEditor, type CourseEditor } from './useCourseEditor';
import { VersionsCard } from './VersionsCard';

const BACK = { to: ONLINE_TRAINING_ADMIN_PATH, label: 'Online Training' };

/** /human-resource/admin/online-training/:id: one course's draft, its publishing and its versions. */
export function CourseEditorPage() {
  const { id = '' } = useParams();
  const details = useCourseDetails(id);
  usePageTitle(details.data ? `${details.data.name} · Online Training` : 'Online Training');
  if (!details.data)
    return (
      <div className="admin-page stack-lg">
        <PageHeader back={BACK} title="Course" />
        <section className="card list-card" aria-label="Course">
          <ListState query={details} count={1} empty="" />
        </section>
      </div>
    );
  // A publish, a discard or a reload after a conflict starts the editor again from what the server has.
  return <Editor key={`${id}:${details.dataUpdatedAt}`} details={details.data} />;
}

type Asking = 'discard' | 'deactivate' | null;

function Editor({ details }: { details: TTrainingCourseDetails }) {
  const editor = useCourseEditor(details);
  const [asking, setAsking] = useState<Asking>(null);
  const { form, problems } = editor;
  return (
    <div className="admin-page stack-lg course-editor">
      <EditorHeader details={details} editor={editor} onAsk={setAsking} />
      {editor.stale && (
        <StaleAlert onReload={editor.reload}>
          <strong>Someone else changed this course.</strong> Reloading shows their version; what you changed
          here and did not save is lost.
        </StaleAlert>
      )}
      <ProblemSummary problems={problems} />
      <SettingsCard editor={editor} />
      <IntroductionCard
        introduction={form.content.introduction}
        error={problems['content.introduction']}
        onChange={(introduction) => editor.setContent({ introduction })}
      />
      <SectionsCard editor={editor} />
      <QuestionsCard editor={editor} />
      <VersionsCard courseId={details._id} versions={details.versions} files={editor.files} />
      <AssignmentsCard course={details} />
      {asking === 'discard' && (
        <ConfirmDialog
          title="Discard the unpublished changes?"
          confirmLabel="Discard changes"
          danger
          pending={editor.discard.isPending}
          onClose={() => setAsking(null)}
          onConfirm={() => editor.discard.mutate(undefined, { onSettled: () => setAsking(null) })}
        >
          <p>The course goes back to version {details.currentVersion}, as people take it now.</p>
        </ConfirmDialog>
      )}
      {asking === 'deactivate' && (
        <ConfirmDialog
          title={`Take ${details.name} out of use?`}
          confirmLabel="Take out of use"
          danger
          pending={editor.setActive.isPending}
          onClose={() => setAsking(null)}
          onConfirm={() => editor.setActive.mutate(false, { onSettled: () => setAsking(null) })}
        >
          <p>
            It can no longer be assigned. Its versions and the attempts made on them stay, and it can be put
            back in use.
          </p>
        </ConfirmDialog>
      )}
      {editor.leaveDialog}
    </div>
  );
}

/** The course's name, where it stands, and the buttons of its draft and its use. */
function EditorHeader({
  details,
  editor,
  onAsk,
}: {
  details: TTrainingCourseDetails;
  editor: CourseEditor;
  onAsk: (asking: Asking) => void;
}) {
  const { busy } = editor;
  return (
    <PageHeader
      back={BACK}
      title={editor.form.name || 'Course without a name'}
      introClassName="row wrap"
      intro={
        <>
          <span className="badge badge-neutral">
            {editor.published ? `Version ${details.currentVersion} in use` : 'Not published'}
          </span>
          {editor.hasChanges && editor.published && (
            <span className="badge badge-warning">Unpublished changes</span>
          )}
          {!editor.isActive && <span className="badge badge-danger">Not in use</span>}
          {editor.dirty && <span className="text-secondary">Not saved yet</span>}
        </>
      }
    >
      <div className="row wrap course-editor-actions">
        {editor.isActive ? (
          <Button
            variant="ghost"
            icon={<Power size={16} aria-hidden="true" />}
            disabled={busy}
            onClick={() => onAsk('deactivate')}
          >
            Take out of use
          </Button>
        ) : (
          <Button
            variant="ghost"
            icon={<RotateCcw size={16} aria-hidden="true" />}
            disabled={busy}
            loading={editor.setActive.isPending}
            onClick={() => editor.setActive.mutate(true)}
          >
            Put back in use
          </Button>
        )}
        {editor.canDiscard && (
          <Button
            variant="ghost"
            icon={<Undo2 size={16} aria-hidden="true" />}
            disabled={busy}
            onClick={() => onAsk('discard')}
          >
            Discard changes
          </Button>
        )}
        <Button
          icon={<Save size={16} aria-hidden="true" />}
          disabled={!editor.dirty || busy}
          loading={editor.saving}
          onClick={editor.save}
        >
          Save draft
        </Button>
        <Button
          variant="primary"
          icon={<Send size={16} aria-hidden="true" />}
          disabled={!editor.canPublish || busy}
          loading={editor.publishing}
          onClick={editor.publish}
        >
          Publish
        </Button>
      </div>
    </PageHeader>
  );
}
