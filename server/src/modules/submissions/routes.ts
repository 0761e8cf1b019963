import {
  envelopeOf,
  messages,
  ZBranchesByWorkplaceRequest,
  ZBranchList,
  ZFormSubmission,
  ZFormSubmissionDetailsRequest,
  ZFormSubmissionHistory,
  ZFormSubmissionHistoryRequest,
  ZFormSubmissionList,
  ZFormSubmissionListRequest,
  ZFormSubmissionSaveRequest,
  ZFormSubmissionSaveResult,
  ZFormSubmissionUploadFilesFields,
  ZFormSubmissionUploadResult,
  ZFormTemplateDetail,
  ZFormTemplateDetailRequest,
  ZFormTemplateList,
  ZFormTemplateListRequest,
  ZRelatedLists,
  ZRelatedListsRequest,
  ZTaskDueDateTypeRequest,
  ZTaskDueDateTypeResult,
  localDateOf,
  taskDueType,
  DEFAULT_TIME_ZONE,
} from '@compass/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseOrBadRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { SubmissionService } from './service';
import { supplierLinkRoutes, ZLinkQuery } from './supplierLinkRoutes';
import type { SupplierLinkService } from './supplierLinks';
import { ACCESS } from '@compass/shared';

/** Signatures and diagrams travel as data URLs, so a save may be larger than other calls. */
const SAVE_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * The calls of the form screens. Those the supplier screens share with the employee editor accept
 * a link (`?authtoken=`, 'userOrLink'): with one, SupplierLinkService checks it and acts for it.
 */
export const submissionRoutes: FastifyPluginAsyncZod<{
  submissions: SubmissionService;
  supplierLinks: SupplierLinkService;
}> = async (app, { submissions, supplierLinks }) => {
  const tags = ['submissions'];

  app.post('/formSubmissionRelatedLists', {
    config: { access: ACCESS.signedInOrLink },
    schema: {
      tags,
      summary: 'Pick lists of a form (with ?authtoken=, of the linked form)',
      querystring: ZLinkQuery,
      body: ZRelatedListsRequest,
      response: { 200: envelopeOf(ZRelatedLists) },
    },
    handler: async (request) =>
      ok(
        request.link
          ? await supplierLinks.relatedLists(request.link)
          : await submissions.relatedListsFor(requireAuth(request)),
      ),
  });

  app.post('/formTemplateList', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags,
      summary: 'Active form templates (New Submission)',
      body: ZFormTemplateListRequest,
      response: { 200: envelopeOf(ZFormTemplateList) },
    },
    handler: async (request) =>
      ok(await submissions.templateList(requireAuth(request), request.body.formType)),
  });

  app.post('/formTemplateDetail', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags,
      summary: "A template's current version: sections and fields",
      body: ZFormTemplateDetailRequest,
      response: { 200: envelopeOf(ZFormTemplateDetail) },
    },
    handler: async (request) => ok(await submissions.templateDetail(requireAuth(request), request.body._id)),
  });

  app.post('/branchesByWorkplace', {
    config: { access: ACCESS.signedInOrLink },
    schema: {
      tags,
      summary: 'Active branches of a workplace',
      querystring: ZLinkQuery,
      body: ZBranchesByWorkplaceRequest,
      response: { 200: envelopeOf(ZBranchList) },
    },
    handler: async (request) =>
      ok(
        request.link
          ? await supplierLinks.branches(request.link, request.body.workplace)
          : await submissions.branches(requireAuth(request), request.body.workplace),
      ),
  });

  app.post('/formSubmissionDetails', {
    config: { access: ACCESS.signedInOrLink },
    schema: {
      tags,
      summary: 'A submission with the template version it was filled against',
      querystring: ZLinkQuery,
      body: ZFormSubmissionDetailsRequest,
      response: { 200: envelopeOf(ZFormSubmission) },
    },
    handler: async (request) => {
      const { formSubmissionId, localTimeZone = DEFAULT_TIME_ZONE } = request.body;
      return ok(
        request.link
          ? await supplierLinks.details(request.link, formSubmissionId, localTimeZone)
          : await submissions.details(requireAuth(request), formSubmissionId, localTimeZone),
      );
    },
  });

  app.post('/formSubmissionSave', {
    config: { access: ACCESS.signedInOrLink },
    bodyLimit: SAVE_BODY_LIMIT,
    schema: {
      tags,
      summary:
        'Create or edit a submission (draft or submit) with its tasks and table rows; a supplier link edits ' +
        'its supplier form only',
      querystring: ZLinkQuery,
      body: ZFormSubmissionSaveRequest,
      response: { 200: envelopeOf(ZFormSubmissionSaveResult) },
    },
    handler: async (request) => {
      const { message, ...result } = request.link
        ? await supplierLinks.save(request.link, request.body)
        : await submissions.save(requireAuth(request), request.body);
      return ok(result, message);
    },
  });

  app.post('/formSubmissionUploadFiles', {
    config: { access: ACCESS.signedInOrLink },
    schema: {
      tags,
      summary: 'Add files to a file field of a submission; multipart form: _id, relatedFormId and files',
      consumes: ['multipart/form-data'],
      querystring: ZLinkQuery,
      response: { 200: envelopeOf(ZFormSubmissionUploadResult) },
    },
    handler: async (request) => {
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(ZFormSubmissionUploadFilesFields, fields);
      const uploaded = request.link
        ? await supplierLinks.uploadFiles(request.link, input._id, input.relatedFormId, files)
        : await submissions.uploadFiles(requireAuth(request), input._id, input.relatedFormId, files);
      return ok(uploaded, messages.submission.filesUploaded);
    },
  });

  app.post('/taskDueDateType', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags,
      summary: 'Whether a due date is due today, overdue or not yet due',
      body: ZTaskDueDateTypeRequest,
      response: { 200: envelopeOf(ZTaskDueDateTypeResult) },
    },
    handler: async (request) => {
      const today = localDateOf(new Date(), request.body.localTimeZone ?? DEFAULT_TIME_ZONE);
      return ok({ taskDueDateType: taskDueType(request.body.due, today) });
    },
  });

  app.post('/formSubmissionList', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags,
      summary: 'My Records / Records: a page of submissions',
      body: ZFormSubmissionListRequest,
      response: { 200: envelopeOf(ZFormSubmissionList) },
    },
    handler: async (request) => ok(await submissions.list(requireAuth(request), request.body)),
  });

  app.post('/formSubmissionHistory', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags,
      summary: 'The change log of a submission and its actions, newest first',
      body: ZFormSubmissionHistoryRequest,
      response: { 200: envelopeOf(ZFormSubmissionHistory) },
    },
    handler: async (request) =>
      ok(await submissions.history(requireAuth(request), request.body.formSubmissionId)),
  });

  await app.register(supplierLinkRoutes, { supplierLinks });
};
