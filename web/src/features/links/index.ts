export { linkOptions, linkPath } from './api';
