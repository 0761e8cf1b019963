export { noticeboardArea } from './area';
