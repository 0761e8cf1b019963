import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { PickLists } from './pickLists';
import { SubmissionPolicy } from './policy';
import { SubmissionRecords } from './records';
import { submissionRoutes } from './routes';
import { SubmissionService } from './service';
import { SupplierLinkService } from './supplierLinks';
import { SubmissionTemplates } from './templates';

interface SubmissionServices {
  submissionPolicy: SubmissionPolicy;
  submissionTemplates: SubmissionTemplates;
  submissions: SubmissionService;
}

type ServiceNeeds = Pick<Platform, 'config' | 'db' | 'reader' | 'mail'> & { attachments: AttachmentService };

/**
 * The forms' services, which close-off, audits and QR forms build on: set up before those areas,
 * while the submission routes come after theirs (submissionsArea).
 */
export const submissionServicesArea: Area<ServiceNeeds, SubmissionServices> = {
  name: 'submission services',
  register: async (_api, { config, db, reader, mail, attachments }) => {
    const submissionPolicy = new SubmissionPolicy(db, reader, attachments);
    const submissionTemplates = new SubmissionTemplates(db, reader);
    const submissions = new SubmissionService(
      db,
      reader,
      attachments,
      mail,
      { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME },
      submissionPolicy,
      submissionTemplates,
    );
    return { submissionPolicy, submissionTemplates, submissions };
  },
};

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'mail' | 'storage' | 'answers' | 'dataVersions'> &
  SubmissionServices & { attachments: AttachmentService };

export const submissionsArea: Area<Needs> = {
  name: 'submissions',
  register: async (api, needs) => {
    const {
      config,
      db,
      reader,
      mail,
      storage,
      attachments,
      submissionPolicy,
      submissionTemplates,
      submissions,
    } = needs;
    const pickLists = new PickLists(db, reader, submissionPolicy, needs.dataVersions);
    await api.register(submissionRoutes, {
      submissions,
      templates: submissionTemplates,
      pickLists,
      cache: needs.answers,
      records: new SubmissionRecords(db, reader, submissionPolicy),
      supplierLinks: new SupplierLinkService(
        db,
        submissions,
        submissionTemplates,
        pickLists,
        attachments,
        storage,
        mail,
        { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME },
      ),
    });
  },
};
