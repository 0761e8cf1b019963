/** The supplier administration screens, loaded with their area (router.tsx). */
export { CompaniesPage } from './CompaniesPage';
export { CompanyPage } from './CompanyPage';
export { PersonnelPage } from './PersonnelPage';
