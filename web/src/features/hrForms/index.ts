/**
 * HR forms (issue 42): the HR Forms register, the employee's and the reviewer's pages of an
 * assigned HR form. Other areas reach its screens by their paths (shared) and refresh its lists
 * through these keys.
 */
export { hrFormKeys } from './api';
