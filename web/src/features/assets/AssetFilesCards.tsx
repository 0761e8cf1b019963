import {
  assetFilesAddCall,
  deleteAttachmentCall,
  messages,
  type TAssetDetails,
  type TAttachment,
} from '@compass/shared';
import { ImagePlus, Trash2, Upload, type LucideIcon } from 'lucide-react';
import { useFileObjectUrl } from '../../api/fileObjectUrl';
import { useCall } from '../../api/useCall';
import { ActionAttachmentList, downloadAttachment } from '../../components/ActionParts';
import { FilePickerButton } from '../../components/AddFilesButton';
import { Card } from '../../components/Card';
import { IconButton } from '../../components/IconButton';
import { ASSET_WRITES, assetKeys } from './api';

type Kind = 'photo' | 'document';

/** Adding an asset's photos or documents, and deleting one (fileType 'asset'); none once it is disposed. */
function useAssetFiles(assetId: string) {
  const add = useCall(assetFilesAddCall, { invalidate: ASSET_WRITES });
  const remove = useCall(deleteAttachmentCall, { invalidate: ASSET_WRITES });
  return {
    add: (kind: Kind, files: File[]) => {
      const form = new FormData();
      form.append('_id', assetId);
      form.append('kind', kind);
      for (const file of files) form.append('files', file, file.name);
      add.mutate({ form });
    },
    adding: add.isPending,
    remove: (file: TAttachment) =>
      remove.mutate({ body: { fileType: 'asset', fileId: file._id, _id: assetId } }),
    removing: remove.isPending,
  };
}

/** The asset's "Photos" and "Documents" cards. */
export function AssetFilesCards({ asset }: { asset: TAssetDetails }) {
  const files = useAssetFiles(asset._id);
  const editable = asset.status !== 'disposed';
  const picker = (kind: Kind, label: string, Icon: LucideIcon) =>
    editable && (
      <FilePickerButton
        label={label}
        size="sm"
        icon={<Icon size={16} aria-hidden="true" />}
        pending={files.adding}
        onChosen={(chosen) => files.add(kind, chosen)}
      />
    );
  const onDelete = editable ? files.remove : undefined;
  return (
    <>
      <Card title="Photos" actions={picker('photo', 'Add photos', ImagePlus)}>
        {asset.photos.length === 0 ? (
          <p className="text-secondary">No photos yet.</p>
        ) : (
          <ul className="asset-photos">
            {asset.photos.map((photo) => (
              <Photo key={photo._id} photo={photo} pending={files.removing} onDelete={onDelete} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Documents" actions={picker('document', 'Add documents', Upload)}>
        <ActionAttachmentList
          stored={asset.documents}
          pending={[]}
          onDownload={downloadAttachment}
          onDelete={onDelete}
          deleteDisabled={files.removing}
        />
      </Card>
    </>
  );
}

/** A photo's thumbnail (fetched with the session, as an <img> cannot send it); it opens as a download. */
function Photo({
  photo,
  pending,
  onDelete,
}: {
  photo: TAttachment;
  pending: boolean;
  onDelete: ((file: TAttachment) => void) | undefined;
}) {
  const image = useFileObjectUrl([...assetKeys.all, 'photo', photo._id], photo.path);
  return (
    <li className="asset-photo">
      <button
        type="button"
        className="link-button"
        aria-label={`Download ${photo.name}`}
        onClick={() => downloadAttachment(photo)}
      >
        {image.data ? (
          <img className="asset-photo-image" src={image.data} alt={photo.name} />
        ) : (
          <span className="asset-photo-image" aria-hidden="true" />
        )}
      </button>
      <span className="row">
        <span className="asset-photo-name text-sm" title={photo.name}>
          {photo.name}
        </span>
        {onDelete && (
          <IconButton
            label={`Delete ${photo.name}`}
            icon={<Trash2 size={14} aria-hidden="true" />}
            disabled={pending}
            onClick={() => {
              if (window.confirm(messages.common.deleteFileConfirm)) onDelete(photo);
            }}
          />
        )}
      </span>
    </li>
  );
}
