import type { PickerPage } from '../components/SearchPicker';
import type { FieldAttachment, FieldInput, FieldType, SubmissionTask, TemplateField } from './types';

export type { FieldAttachment };

/** The related lists a submission's reference fields choose from (001 section 3). */
export const REFERENCE_KINDS = ['employee', 'asset', 'risk', 'supplier', 'submission', 'personnel'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export interface ReferenceOption {
  _id: string;
  name: string;
}

/**
 * A long list (employees, personnel, submissions) is searched on the server page by page instead
 * of arriving whole; a record picked from it is remembered so it shows by name at once.
 */
export interface ReferenceSearch {
  /** The picker's cache key: the kind, and the link the search goes through. */
  key: readonly unknown[];
  search: (text: string, page: number) => Promise<PickerPage>;
  remember: (option: ReferenceOption) => void;
}

/**
 * `active` is offered for new choices; `all` names stored choices, inactive ones included. With
 * `searched`, new choices are searched instead and `all` names only what the form refers to.
 */
export interface ReferenceList {
  all: ReferenceOption[];
  active: ReferenceOption[];
  searched?: ReferenceSearch;
}

export type References = Record<ReferenceKind, ReferenceList>;

/** The file fields' state: stored attachments and files chosen but not uploaded yet. */
export interface FileFieldState {
  existing: FieldAttachment[];
  /** By field id; images are already compressed. */
  pending: Record<string, File[]>;
  onAdd?: (fieldId: string, files: File[]) => void;
  onRemovePending?: (fieldId: string, file: File) => void;
  /** Called after the user confirmed 'Are you sure want to delete this file?'. */
  onDelete?: (attachment: FieldAttachment) => void | Promise<void>;
}

/** The task fields' state: the submission's actions and the dialogs' openers. */
export interface TaskFieldState {
  items: SubmissionTask[];
  onAdd?: (fieldId: string) => void;
  onEdit?: (task: SubmissionTask) => void;
  onView?: (task: SubmissionTask) => void;
  onDelete?: (task: SubmissionTask) => void;
}

export interface FieldProps<T extends FieldType = FieldType> {
  field: TemplateField & { type: T };
  /** See FieldInput: the registry's value, or a table's rows. */
  value: FieldInput<T>;
  onChange: (value: FieldInput<T>) => void;
  /** The view screen, a closed form, or a viewer who may not modify it. */
  readOnly: boolean;
  /** The message shown under the field (its mandatoryComment or the generic one). */
  error?: string | null;
  references: References;
  files: FileFieldState;
  tasks: TaskFieldState;
}
