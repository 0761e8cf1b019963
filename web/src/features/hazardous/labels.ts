import { HAZARD_CLASSES } from '@compass/shared';

export const HAZARD_CLASS_LABELS = new Map<string, string>(
  HAZARD_CLASSES.map((entry) => [entry.key, entry.label]),
);

export const SDS_BADGES = {
  missing: 'badge-neutral',
  current: 'badge-success',
  due: 'badge-danger',
} as const;
