import { saveBlob } from '../../api/client';
import type { TemplateStatus } from '@compass/shared';

export const TEMPLATES_PATH = '/system-administration/form-templates';

export const STATUS_LABELS: Record<TemplateStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};
export const STATUS_BADGES: Record<TemplateStatus, string> = {
  draft: 'badge-warning',
  published: 'badge-success',
  archived: 'badge-neutral',
};

/** Offers data as a JSON file to save (a template export). */
export function saveJson(name: string, data: unknown): void {
  saveBlob(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }), name);
}
