/** The employee screens, loaded with their area (router.tsx). */
export { EmployeeEditPage } from './EmployeeEditPage';
export { EmployeesPage } from './EmployeesPage';
