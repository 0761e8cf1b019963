/** Reports & Charts (docs/reports.md), as other areas see it: the query keys of its figures. */
export { reportKeys } from './api';
