/** The noticeboard screens, loaded with their area (router.tsx). */
export { NoticeboardPage } from './NoticeboardPage';
