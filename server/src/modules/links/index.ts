export { LinkError } from './linkError';
export { checkScope, linkAttachmentOwner, linkFileOwner, registerLinkFiles } from './policy';
export type { LinkFiles } from './policy';
export { issueActionLink, issueLink } from './service';
export { linksArea } from './area';
