export { ReviewHistory, ReviewPage } from './ReviewPage';
