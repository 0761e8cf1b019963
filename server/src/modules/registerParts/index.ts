export { registerPartRoutes, reviewCompleted } from './routes';
export { ratingShown, ratingText } from './service';
export type { RegisterParts } from './service';
