export { MAX_INPUT_PIXELS, RASTER_SECONDS, isMarkup } from './imageBytes';
export { attachmentOf, attachmentsJson } from './service';
export type { AttachmentService } from './service';
export type { OwnerPolicy } from './policy';
export { attachmentsArea } from './area';
