import {
  documentAcknowledgeCall,
  documentAcknowledgementOpenCall,
  documentActionCompleteCall,
  documentActionCreateCall,
  documentApprovalDecideCall,
  documentApprovalOpenCall,
  documentAttachmentUploadCall,
  documentCreateCall,
  documentDetailsCall,
  documentFolderSaveCall,
  documentFoldersCall,
  documentListCall,
  documentListCsvCall,
  documentMessages as say,
  documentMyAcknowledgementsCall,
  documentOptionsCall,
  documentPeopleSearchCall,
  documentReadersCall,
  documentReviewCalls,
  documentRevisionWithdrawCall,
  documentUpdateCall,
  documentVersionFileCall,
  documentVersionUploadCall,
  ZDocumentUploadForm,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import { reviewCompleted, sendCsv } from '../registerParts';
import type { DocumentService } from './service';
import type { DocumentWorkItems } from './workItems';

/** A browser shows these itself (its PDF viewer, an image); other types are saved. */
const SHOWN_INLINE = new Set(['pdf', 'png', 'jpg', 'jpeg', 'jfif', 'gif', 'webp', 'bmp', 'avif']);

export const documentRoutes: FastifyPluginAsync<{
  documents: DocumentService;
  workItems: DocumentWorkItems;
}> = async (app, { documents, workItems }) => {
  registerCall(app, documentReviewCalls.details, {
    handler: async (request, _reply, { auth }) => ok(await documents.openReview(auth, request.body)),
  });
  registerCall(app, documentReviewCalls.complete, {
    handler: async (request, _reply, { auth }) =>
      reviewCompleted(request.body.actionType, await documents.completeReview(auth, request.body)),
  });
  registerCall(app, documentListCall, {
    handler: async (request, _reply, { auth }) => ok(await documents.list(auth, request.body)),
  });
  registerCall(app, documentListCsvCall, {
    handler: async (request, reply, { auth }) => {
      return sendCsv(reply, 'documents.csv', await documents.csv(auth, request.query));
    },
  });
  registerCall(app, documentFoldersCall, {
    handler: async (_request, _reply, { auth }) => ok(await documents.folders(auth)),
  });
  registerCall(app, documentFolderSaveCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await documents.saveFolder(auth, request.body), say.folderSaved),
  });
  registerCall(app, documentOptionsCall, {
    handler: async (_request, _reply, { auth }) => ok(await documents.options(auth)),
  });
  registerCall(app, documentPeopleSearchCall, {
    handler: async (request, _reply, { auth }) => ok(await documents.people(auth, request.body)),
  });
  registerCall(app, documentCreateCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { details } = parseOrBadRequest(ZDocumentUploadForm, fields);
      return ok(await documents.create(auth, details, files), say.created);
    },
  });
  registerCall(app, documentUpdateCall, {
    handler: async (request, _reply, { auth }) => {
      await documents.update(auth, request.body);
      return ok(null, say.saved);
    },
  });
  registerCall(app, documentVersionUploadCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { details } = parseOrBadRequest(ZDocumentUploadForm, fields);
      return ok(await documents.uploadVersion(auth, details, files), say.versionUploaded);
    },
  });
  registerCall(app, documentDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await documents.details(auth, request.body._id)),
  });
  registerCall(app, documentReadersCall, {
    handler: async (request, _reply, { auth }) => ok(await documents.readers(auth, request.body.versionId)),
  });
  registerCall(app, documentVersionFileCall, {
    handler: async (request, reply, { auth }) => {
      const { attachment, stream } = await documents.versionFile(auth, request.params.versionId);
      const inline = request.query.inline === 'yes' && SHOWN_INLINE.has(attachment.fileType ?? '');
      return reply.headers(fileHeaders({ fileName: attachment.name, inline })).send(stream);
    },
  });
  registerCall(app, documentAcknowledgementOpenCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await workItems.openAcknowledgement(auth, request.body._id, request.body.employeeId)),
  });
  registerCall(app, documentAcknowledgeCall, {
    handler: async (request, _reply, { auth }) => {
      await workItems.acknowledge(auth, request.body._id, request.body.employeeId);
      return ok(null, say.acknowledged);
    },
  });
  registerCall(app, documentMyAcknowledgementsCall, {
    handler: async (request, _reply, { auth }) => ok(await workItems.myAcknowledgements(auth, request.body)),
  });
  registerCall(app, documentApprovalOpenCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await workItems.openApproval(auth, request.body._id, request.body.employeeId)),
  });
  registerCall(app, documentApprovalDecideCall, {
    handler: async (request, _reply, { auth }) => {
      const result = await workItems.decide(auth, request.body);
      return ok(result, request.body.decision === 'approve' ? say.approved : say.rejected);
    },
  });
  registerCall(app, documentRevisionWithdrawCall, {
    handler: async (request, _reply, { auth }) => {
      await workItems.withdraw(auth, request.body._id);
      return ok(null, say.withdrawn);
    },
  });
  registerCall(app, documentAttachmentUploadCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(documentAttachmentUploadCall.multipart, fields);
      await documents.addFiles(auth, _id, files);
      return ok(null, say.filesAdded);
    },
  });
  registerCall(app, documentActionCreateCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await documents.createAction(auth, request.body), say.actionCreated),
  });
  registerCall(app, documentActionCompleteCall, {
    handler: async (request, _reply, { auth }) => {
      await documents.completeAction(auth, request.body._id);
      return ok(null, say.actionCompleted);
    },
  });
};
