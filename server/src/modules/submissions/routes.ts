import {
  branchesByWorkplaceCall,
  formSubmissionDetailsCall,
  formSubmissionHistoryCall,
  formSubmissionListCall,
  formSubmissionRelatedListsCall,
  formSubmissionSaveCall,
  formSubmissionUploadFilesCall,
  formTemplateDetailCall,
  formTemplateListCall,
  relatedOptionSearchCall,
  taskDueDateTypeCall,
  DEFAULT_TIME_ZONE,
  localDateOf,
  messages,
  taskDueType,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import {
  cachedAnswerSender,
  organisationAnswer,
  registerCachedCall,
  type AnswerCache,
} from '../../plugins/answerCache';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { PickLists } from './pickLists';
import type { SubmissionRecords } from './records';
import type { SubmissionService } from './service';
import { supplierLinkRoutes } from './supplierLinkRoutes';
import type { SupplierLinkService } from './supplierLinks';
import type { SubmissionTemplates } from './templates';

/** Signatures and diagrams travel as data URLs, so a save may be larger than other calls. */
const SAVE_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * The calls of the form screens. Those the supplier screens share with the employee editor accept
 * a link (`?authtoken=`, 'userOrLink'): with one, SupplierLinkService checks it and acts for it.
 */
export const submissionRoutes: FastifyPluginAsync<{
  submissions: SubmissionService;
  templates: SubmissionTemplates;
  records: SubmissionRecords;
  supplierLinks: SupplierLinkService;
  pickLists: PickLists;
  cache: AnswerCache;
}> = async (app, { submissions, templates, records, supplierLinks, pickLists, cache }) => {
  // A new form's lists for an employee come from the organisation's answer cache: 58 KB that would
  // otherwise be checked, written out and compressed on every form opened.
  const sendCached = cachedAnswerSender(cache, formSubmissionRelatedListsCall);
  registerCall(app, formSubmissionRelatedListsCall, {
    handler: async (request, reply, caller) => {
      if (caller.kind === 'link') return ok(await supplierLinks.relatedLists(caller.link));
      const { auth } = caller;
      const cached = pickLists.newFormAnswer(auth, request.body);
      if (cached) return sendCached(request, reply, auth, cached);
      return ok(await pickLists.forCaller(auth, request.body));
    },
  });

  registerCall(app, relatedOptionSearchCall, {
    handler: async (request, _reply, caller) => {
      const { kind, search, page } = request.body;
      return ok(
        caller.kind === 'link'
          ? await supplierLinks.searchOptions(caller.link, kind, search, page)
          : await pickLists.searchForCaller(caller.auth, kind, search, page),
      );
    },
  });

  // The same for every employee of the organisation, as is a template and its current version; a
  // supplier user or person gets only the supplier forms it is asked to fill in, an answer keyed to it
  // (organisationAnswer). A template and an assignment move the data version when they change (a
  // published version itself never does).
  registerCachedCall(app, cache, formTemplateListCall, (auth, body) =>
    organisationAnswer(
      formTemplateListCall,
      auth,
      () => templates.templateList(auth, body.formType),
      body.formType ?? null,
    ),
  );

  registerCachedCall(app, cache, formTemplateDetailCall, (auth, body) =>
    organisationAnswer(
      formTemplateDetailCall,
      auth,
      () => templates.callerTemplateDetail(auth, body._id),
      body._id,
    ),
  );

  registerCall(app, branchesByWorkplaceCall, {
    handler: async (request, _reply, caller) =>
      ok(
        caller.kind === 'link'
          ? await supplierLinks.branches(caller.link, request.body.workplace)
          : await templates.branches(caller.auth, request.body.workplace),
      ),
  });

  registerCall(app, formSubmissionDetailsCall, {
    handler: async (request, _reply, caller) => {
      const { formSubmissionId, localTimeZone = DEFAULT_TIME_ZONE } = request.body;
      return ok(
        caller.kind === 'link'
          ? await supplierLinks.details(caller.link, formSubmissionId, localTimeZone)
          : await submissions.details(caller.auth, formSubmissionId, localTimeZone),
      );
    },
  });

  registerCall(app, formSubmissionSaveCall, {
    bodyLimit: SAVE_BODY_LIMIT,
    handler: async (request, _reply, caller) => {
      const { message, ...result } =
        caller.kind === 'link'
          ? await supplierLinks.save(caller.link, request.body)
          : await submissions.save(caller.auth, request.body);
      return ok(result, message);
    },
  });

  registerCall(app, formSubmissionUploadFilesCall, {
    handler: async (request, _reply, caller) => {
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(formSubmissionUploadFilesCall.multipart, fields);
      const uploaded =
        caller.kind === 'link'
          ? await supplierLinks.uploadFiles(caller.link, input._id, input.relatedFormId, files)
          : await submissions.uploadFiles(caller.auth, input._id, input.relatedFormId, files);
      return ok(uploaded, messages.submission.filesUploaded);
    },
  });

  registerCall(app, taskDueDateTypeCall, {
    handler: async (request) => {
      const today = localDateOf(new Date(), request.body.localTimeZone ?? DEFAULT_TIME_ZONE);
      return ok({ taskDueDateType: taskDueType(request.body.due, today) });
    },
  });

  registerCall(app, formSubmissionListCall, {
    handler: async (request, _reply, { auth }) => ok(await records.list(auth, request.body)),
  });

  registerCall(app, formSubmissionHistoryCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await records.history(auth, request.body.formSubmissionId)),
  });

  await app.register(supplierLinkRoutes, { supplierLinks });
};
