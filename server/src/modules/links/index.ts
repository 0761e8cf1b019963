export { LinkError, checkScope, issueActionLink, issueLink, linkAttachmentOwner } from './service';
