export { FieldRenderer, colSizeOf, type FieldRendererProps } from './FieldRenderer';
export { fieldComponents } from './registry';
export type {
  FieldAttachment,
  FieldProps,
  FileFieldState,
  ReferenceKind,
  ReferenceList,
  ReferenceOption,
  References,
  ReferenceSearch,
  TaskFieldState,
} from './props';
export { REFERENCE_KINDS } from './props';
export { emptyValue, type FieldInput, type SubmissionTask, type TableRow, type TemplateField } from './types';
export { referencesFromRelatedLists } from './references';
export { canRemoveRow } from './TableField';
export { compressImage } from './FileField';
export { wireDate, DateInput } from '../components/DateInput';
export { MultiSelect, SELECT_ALL, SELECT_ONE } from './widgets/MultiSelect';
export { DrawingCanvas } from './widgets/DrawingCanvas';
