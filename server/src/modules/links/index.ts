export { LinkError } from './linkError';
export { checkScope, linkAttachmentOwner } from './policy';
export { issueActionLink, issueLink } from './service';
export { linksArea } from './area';
