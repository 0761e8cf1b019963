import { messages, type TFormSubmission, type TNamedOption } from '@compass/shared';
import { History, Lock, Paperclip } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { StaleAlert } from '../../components/StaleAlert';
import type { References } from '../../fields';
import { AssignActionDialog } from './AssignActionDialog';
import { AttachmentsDialog } from './AttachmentsDialog';
import type { GuestMode, LinkMode } from './editorModes';
import { BUTTON_LABELS, type EditorState, type FormShape } from './editorState';
import type { EditorTransport } from './editorTransport';
import { HistoryDialog } from './HistoryDialog';
import { InitialDetailsCard } from './InitialDetailsCard';
import { MY_RECORDS_PATH } from './paths';
import { EditorSection, OpenActionsDialog } from './SubmissionEditorParts';
import { useSubmissionEditor } from './useSubmissionEditor';

interface SubmissionEditorProps {
  shape: FormShape;
  /** The stored submission; null for a new one. */
  submission: TFormSubmission | null;
  initial: EditorState;
  references: References;
  workplaces: TNamedOption[];
  /** The signed-in user: their employee id and name ('Recorded By' of a new form). */
  viewer: { employeeId: string | null; name: string };
  /** Opened from an action link (my-action-edit/{id}/{taskId}). */
  openTaskId?: string;
  /** The calls the editor makes (editorTransport.ts): the signed-in user's unless a page passes its own. */
  transport?: EditorTransport;
  linkMode?: LinkMode;
  guest?: GuestMode;
}

/**
 * The editable submission screen (001 section 2.2): the initial-details card, the sections in the
 * 12-column grid, the banners, the buttons of section 4 and the Assign Action, attachment and
 * history dialogs. One instance per stored version: after a save the page remounts it. The work
 * is useSubmissionEditor's; this lays it out.
 */
export function SubmissionEditor(props: SubmissionEditorProps) {
  const { shape, submission, references, workplaces, viewer, linkMode, guest } = props;
  const navigate = useNavigate();
  const editor = useSubmissionEditor(props);

  return (
    <div className="submission-editor submissions-page stack-lg">
      <PageHeader title={shape.formTemplateName} intro={editor.subtitle}>
        {submission && (
          <div className="row">
            <Button
              icon={<Paperclip size={16} aria-hidden="true" />}
              onClick={() => editor.setAttachmentsOpen(true)}
            >
              View Attachments ({editor.attachments.length})
            </Button>
            {!linkMode && (
              <Button
                icon={<History size={16} aria-hidden="true" />}
                onClick={() => editor.setHistoryOpen(true)}
              >
                History
              </Button>
            )}
          </div>
        )}
      </PageHeader>

      {editor.conflict && (
        <StaleAlert className="submission-conflict" onReload={() => void editor.reload()}>
          <strong>Someone else saved this submission.</strong> {messages.closeOff.stale} Reloading shows their
          version; your unsaved changes on this screen are discarded.
        </StaleAlert>
      )}

      {submission && submission.editBlockedMessage && (
        <div className="alert alert-warning" role="status" data-testid="edit-banner">
          <Lock size={18} aria-hidden="true" />
          <span>{submission.editBlockedMessage}</span>
        </div>
      )}

      <InitialDetailsCard
        shape={shape}
        submission={submission}
        header={editor.state.header}
        onHeader={editor.setHeader}
        onWorkplace={(workplace) => void editor.chooseWorkplace(workplace)}
        onCoordinator={editor.chooseCoordinator}
        headerError={editor.headerError}
        readOnly={editor.readOnly}
        isDraft={editor.isDraft}
        hidden={linkMode?.hideInitialDetails}
        references={references}
        workplaces={workplaces}
        branches={editor.branches}
        branchNotApplicable={editor.branchNotApplicable}
        givenByOrganisation={editor.givenByOrganisation}
        viewer={viewer}
        guest={guest}
      />

      {editor.sections.map(({ section, fields }) => (
        <EditorSection
          key={section._id}
          section={section}
          fields={fields}
          editor={editor}
          references={references}
        />
      ))}

      <div className="submission-buttons" role="group" aria-label="Form actions">
        {!guest && (
          <Button
            onClick={() => (linkMode ? linkMode.onLeave() : navigate(MY_RECORDS_PATH))}
            disabled={editor.busy !== null}
          >
            {linkMode?.viewOnly ? 'Back' : 'Cancel'}
          </Button>
        )}
        {editor.buttons.map(({ button, enabled }) => (
          <Button
            key={button}
            variant={
              button === 'submit' || button === 'save' || button === 'reopen' ? 'primary' : 'secondary'
            }
            disabled={!enabled || (editor.busy !== null && editor.busy !== button)}
            loading={editor.busy === button}
            onClick={() => void editor.run(button)}
          >
            {BUTTON_LABELS[button]}
          </Button>
        ))}
      </div>

      {editor.actionDialog && (
        <AssignActionDialog
          mode={editor.actionDialog.mode}
          task={editor.actionDialog.task}
          references={references}
          onSave={editor.saveTask}
          onClose={() => editor.setActionDialog(null)}
        />
      )}
      {editor.attachmentsOpen && submission && (
        <AttachmentsDialog
          attachments={editor.attachments}
          fieldList={shape.fieldList}
          onDelete={editor.canEdit ? editor.deleteAttachment : undefined}
          onClose={() => editor.setAttachmentsOpen(false)}
        />
      )}
      {editor.historyOpen && submission && (
        <HistoryDialog
          submissionId={submission._id}
          context={{
            fieldList: shape.fieldList,
            names: historyNames(references, [...workplaces, ...editor.branches]),
          }}
          onClose={() => editor.setHistoryOpen(false)}
        />
      )}
      {editor.openTaskDialog && <OpenActionsDialog onClose={() => editor.setOpenTaskDialog(false)} />}
      {editor.unsaved.dialog}
    </div>
  );
}

/** Every id a change log may name, with its name. */
function historyNames(references: References, places: TNamedOption[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const list of Object.values(references))
    for (const option of list.all) names.set(option._id, option.name);
  for (const place of places) names.set(place._id, place.name);
  return names;
}
