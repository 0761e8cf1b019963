export { qrCodesArea } from './area';
export { qrPosterSvg } from './poster';
