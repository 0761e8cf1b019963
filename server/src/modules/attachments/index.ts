export { MAX_INPUT_PIXELS, RASTER_SECONDS, isMarkup } from './imageBytes';
export { attachmentOf, attachmentsJson } from './service';
export type { AttachmentService, OwnerPolicy } from './service';
export { attachmentsArea } from './area';
