import {
  visitorSetupDocumentDeleteCall,
  visitorSetupDocumentsAddCall,
  type TAttachment,
} from '@compass/shared';
import { Upload } from 'lucide-react';
import { useCall } from '../../api/useCall';
import { ActionAttachmentList, downloadAttachment } from '../../components/ActionParts';
import { FilePickerButton } from '../../components/AddFilesButton';
import { Card } from '../../components/Card';
import { VISITOR_WRITES } from './api';

/** The documents the workplace's kiosk shows visitors (an induction, a site map): added, downloaded, deleted. */
export function SetupDocumentsCard({
  workplaceId,
  documents,
}: {
  workplaceId: string;
  documents: TAttachment[];
}) {
  const add = useCall(visitorSetupDocumentsAddCall, { invalidate: VISITOR_WRITES });
  const remove = useCall(visitorSetupDocumentDeleteCall, { invalidate: VISITOR_WRITES });
  return (
    <Card
      title="Documents"
      actions={
        <FilePickerButton
          label="Add documents"
          size="sm"
          icon={<Upload size={16} aria-hidden="true" />}
          pending={add.isPending}
          onChosen={(chosen) => {
            const form = new FormData();
            form.append('workplaceId', workplaceId);
            for (const file of chosen) form.append('files', file, file.name);
            add.mutate({ form });
          }}
        />
      }
    >
      {documents.length === 0 ? (
        <p className="text-secondary">No documents: the kiosk shows none.</p>
      ) : (
        <ActionAttachmentList
          stored={documents}
          pending={[]}
          onDownload={downloadAttachment}
          onDelete={(file) => remove.mutate({ body: { _id: file._id } })}
          deleteDisabled={remove.isPending}
        />
      )}
    </Card>
  );
}
