export type { ReviewService } from './service';
