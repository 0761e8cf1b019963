/**
 * Competencies (issue 42): the catalogue, the matrix and an employee's competencies. Other areas
 * reach its screens by their paths (shared) and refresh its lists through these keys.
 */
export { competencyKeys } from './api';
