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
  reviewMessages as reviewSay,
  ZDocumentUploadForm,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { DocumentService } from './service';
import type { DocumentWorkItems } from './workItems';

/** A browser shows these itself (its PDF viewer, an image); other types are saved. */
const SHOWN_INLINE = new Set(['pdf', 'png', 'jpg', 'jpeg', 'jfif', 'gif', 'webp', 'bmp', 'avif']);

export const documentRoutes: FastifyPluginAsync<{
  documents: DocumentService;
  workItems: DocumentWorkItems;
}> = async (app, { documents, workItems }) => {
  registerCall(app, documentReviewCalls.details, {
    handler: async (request) => ok(await documents.openReview(requireAuth(request), request.body)),
  });
  registerCall(app, documentReviewCalls.complete, {
    handler: async (request) => {
      const result = await documents.completeReview(requireAuth(request), request.body);
      return ok(result, request.body.actionType === 'review' ? reviewSay.reviewed : reviewSay.coReviewed);
    },
  });
  registerCall(app, documentListCall, {
    handler: async (request) => ok(await documents.list(requireAuth(request), request.body)),
  });
  registerCall(app, documentListCsvCall, {
    handler: async (request, reply) => {
      const csv = await documents.csv(requireAuth(request), request.query);
      return reply.headers(fileHeaders({ fileName: 'documents.csv' })).send(csv);
    },
  });
  registerCall(app, documentFoldersCall, {
    handler: async (request) => ok(await documents.folders(requireAuth(request))),
  });
  registerCall(app, documentFolderSaveCall, {
    handler: async (request) =>
      ok(await documents.saveFolder(requireAuth(request), request.body), say.folderSaved),
  });
  registerCall(app, documentOptionsCall, {
    handler: async (request) => ok(await documents.options(requireAuth(request))),
  });
  registerCall(app, documentPeopleSearchCall, {
    handler: async (request) => ok(await documents.people(requireAuth(request), request.body)),
  });
  registerCall(app, documentCreateCall, {
    handler: async (request) => {
      const auth = requireAuth(request);
      const { fields, files } = await readMultipart(request);
      const { details } = parseOrBadRequest(ZDocumentUploadForm, fields);
      return ok(await documents.create(auth, details, files), say.created);
    },
  });
  registerCall(app, documentUpdateCall, {
    handler: async (request) => {
      await documents.update(requireAuth(request), request.body);
      return ok(null, say.saved);
    },
  });
  registerCall(app, documentVersionUploadCall, {
    handler: async (request) => {
      const auth = requireAuth(request);
      const { fields, files } = await readMultipart(request);
      const { details } = parseOrBadRequest(ZDocumentUploadForm, fields);
      return ok(await documents.uploadVersion(auth, details, files), say.versionUploaded);
    },
  });
  registerCall(app, documentDetailsCall, {
    handler: async (request) => ok(await documents.details(requireAuth(request), request.body._id)),
  });
  registerCall(app, documentReadersCall, {
    handler: async (request) => ok(await documents.readers(requireAuth(request), request.body.versionId)),
  });
  registerCall(app, documentVersionFileCall, {
    handler: async (request, reply) => {
      const { attachment, stream } = await documents.versionFile(
        requireAuth(request),
        request.params.versionId,
      );
      const inline = request.query.inline === 'yes' && SHOWN_INLINE.has(attachment.fileType ?? '');
      return reply.headers(fileHeaders({ fileName: attachment.name, inline })).send(stream);
    },
  });
  registerCall(app, documentAcknowledgementOpenCall, {
    handler: async (request) =>
      ok(
        await workItems.openAcknowledgement(requireAuth(request), request.body._id, request.body.employeeId),
      ),
  });
  registerCall(app, documentAcknowledgeCall, {
    handler: async (request) => {
      await workItems.acknowledge(requireAuth(request), request.body._id, request.body.employeeId);
      return ok(null, say.acknowledged);
    },
  });
  registerCall(app, documentMyAcknowledgementsCall, {
    handler: async (request) => ok(await workItems.myAcknowledgements(requireAuth(request), request.body)),
  });
  registerCall(app, documentApprovalOpenCall, {
    handler: async (request) =>
      ok(await workItems.openApproval(requireAuth(request), request.body._id, request.body.employeeId)),
  });
  registerCall(app, documentApprovalDecideCall, {
    handler: async (request) => {
      const result = await workItems.decide(requireAuth(request), request.body);
      return ok(result, request.body.decision === 'approve' ? say.approved : say.rejected);
    },
  });
  registerCall(app, documentRevisionWithdrawCall, {
    handler: async (request) => {
      await workItems.withdraw(requireAuth(request), request.body._id);
      return ok(null, say.withdrawn);
    },
  });
  registerCall(app, documentAttachmentUploadCall, {
    handler: async (request) => {
      const auth = requireAuth(request);
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(documentAttachmentUploadCall.multipart, fields);
      await documents.addFiles(auth, _id, files);
      return ok(null, say.filesAdded);
    },
  });
  registerCall(app, documentActionCreateCall, {
    handler: async (request) =>
      ok(await documents.createAction(requireAuth(request), request.body), say.actionCreated),
  });
  registerCall(app, documentActionCompleteCall, {
    handler: async (request) => {
      await documents.completeAction(requireAuth(request), request.body._id);
      return ok(null, say.actionCompleted);
    },
  });
};
