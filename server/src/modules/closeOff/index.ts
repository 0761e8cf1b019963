export { closeWithPdf } from './closePdf';
export type { ClosePdfOwner, StoredClosePdf } from './closePdf';
export { displayDate, queueSubmittedNotifications } from './notifications';
export { dataUrlImage, toPdfImage } from './pdfImages';
export type { PdfAction, PdfField, PdfModel } from './pdfDocument';
export { pdfFileName } from './pdfRender';
export { renderPdfIsolated } from './renderPool';
export { parseRichText } from './richText';
export { closeOffArea } from './area';
