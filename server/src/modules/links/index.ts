export { LinkError, checkScope, issueActionLink, issueLink, linkAttachmentOwner } from './service';
export { linksArea } from './area';
