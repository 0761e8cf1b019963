/** The addresses of the form-submission screens (the dashboard links to the stored-form ones). */
export const recordPath = (id: string) => `/form-submission/Record/${encodeURIComponent(id)}`;
export const newSubmissionPath = (templateId: string) =>
  `/form-submission/new/${encodeURIComponent(templateId)}`;
export const MY_RECORDS_PATH = '/form-submission/my-records';
export const NEW_SUBMISSION_PATH = '/form-submission/new';
