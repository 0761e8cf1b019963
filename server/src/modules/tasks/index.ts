export { tasksArea } from './area';
export { responsibleSql } from './policy';
