export { noticeboardArea } from './area';
export { noticeViewerOf, noticeVisibleTo, type NoticeViewer } from './policy';
