export { displayDate, queueSubmittedNotifications } from './notifications';
export { dataUrlImage, toPdfImage } from './pdfImages';
export type { PdfAction, PdfField, PdfModel } from './pdfModel';
export { pdfFileName } from './pdfRender';
export { renderPdfIsolated } from './renderPool';
export { parseRichText } from './richText';
