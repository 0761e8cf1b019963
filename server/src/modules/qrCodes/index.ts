export { qrCodesArea } from './area';
export { publicLink, qrPosterSvg } from './poster';
