export { ActionDialog } from './ActionDialog';
export { NoticeCard, NoticeDialog, PRIORITY_LABELS } from './Noticeboard';
