export { CompanyPortalAccess } from './CompanyPortalAccess';
