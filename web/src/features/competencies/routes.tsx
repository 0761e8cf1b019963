/** The competencies screens, loaded with their area (router.tsx). */
export { CompetenciesPage } from './CompetenciesPage';
export { CompetencyMatrixPage } from './CompetencyMatrixPage';
export { EmployeeCompetencyPage } from './EmployeeCompetencyPage';
