/**
 * Online training (issue 43): HR's course catalogue and a course's editor. Other areas reach its
 * screens by their paths (shared) and refresh its lists through these keys.
 */
export { trainingKeys } from './api';
