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

/** Signatures and diagrams travel as data URLs, so a save may be larger than other calls. */
const SAVE_BODY_LIMIT = 10 * 1024 * 1024;

export const submissionRoutes: FastifyPluginAsyncZod<{ submissions: SubmissionService }> = async (
  app,
  { submissions },
) => {
  const tags = ['submissions'];

  app.post('/formSubmissionRelatedLists', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Pick lists of a form',
      body: ZRelatedListsRequest,
      response: { 200: envelopeOf(ZRelatedLists) },
    },
    handler: async (request) => ok(await submissions.relatedLists(requireAuth(request))),
  });

  app.post('/formTemplateList', {
    config: { auth: 'user' },
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
    config: { auth: 'user' },
    schema: {
      tags,
      summary: "A template's current version: sections and fields",
      body: ZFormTemplateDetailRequest,
      response: { 200: envelopeOf(ZFormTemplateDetail) },
    },
    handler: async (request) => ok(await submissions.templateDetail(requireAuth(request), request.body._id)),
  });

  app.post('/branchesByWorkplace', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Active branches of a workplace',
      body: ZBranchesByWorkplaceRequest,
      response: { 200: envelopeOf(ZBranchList) },
    },
    handler: async (request) => ok(await submissions.branches(requireAuth(request), request.body.workplace)),
  });

  app.post('/formSubmissionDetails', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'A submission with the template version it was filled against',
      body: ZFormSubmissionDetailsRequest,
      response: { 200: envelopeOf(ZFormSubmission) },
    },
    handler: async (request) =>
      ok(
        await submissions.details(
          requireAuth(request),
          request.body.formSubmissionId,
          request.body.localTimeZone ?? DEFAULT_TIME_ZONE,
        ),
      ),
  });

  app.post('/formSubmissionSave', {
    config: { auth: 'user' },
    bodyLimit: SAVE_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Create or edit a submission (draft or submit) with its tasks and table rows',
      body: ZFormSubmissionSaveRequest,
      response: { 200: envelopeOf(ZFormSubmissionSaveResult) },
    },
    handler: async (request) => {
      const { message, ...result } = await submissions.save(requireAuth(request), request.body);
      return ok(result, message);
    },
  });

  app.post('/formSubmissionUploadFiles', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Add files to a file field of a submission; multipart form: _id, relatedFormId and files',
      consumes: ['multipart/form-data'],
      response: { 200: envelopeOf(ZFormSubmissionUploadResult) },
    },
    handler: async (request) => {
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(ZFormSubmissionUploadFilesFields, fields);
      return ok(
        await submissions.uploadFiles(requireAuth(request), input._id, input.relatedFormId, files),
        messages.submission.filesUploaded,
      );
    },
  });

  app.post('/taskDueDateType', {
    config: { auth: 'user' },
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
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'My Records / Records: a page of submissions',
      body: ZFormSubmissionListRequest,
      response: { 200: envelopeOf(ZFormSubmissionList) },
    },
    handler: async (request) => ok(await submissions.list(requireAuth(request), request.body)),
  });

  app.post('/formSubmissionHistory', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'The change log of a submission and its actions, newest first',
      body: ZFormSubmissionHistoryRequest,
      response: { 200: envelopeOf(ZFormSubmissionHistory) },
    },
    handler: async (request) =>
      ok(await submissions.history(requireAuth(request), request.body.formSubmissionId)),
  });
};
