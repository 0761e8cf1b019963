export { NoticeCard, NoticeDialog } from './Notice';
