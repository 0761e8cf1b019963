/** The employee screens, loaded with their area (router.tsx), with their styles. */
import '../../styles/employees.css';

export { EmployeeEditPage } from './EmployeeEditPage';
export { EmployeesPage } from './EmployeesPage';
export { ProfilePage } from './ProfilePage';
