import type { DashboardPeriodKey } from '@compass/shared';

/**
 * Query keys that writes of many features change, kept below the features: the dashboard's work
 * items (every write that adds, finishes or moves work invalidates `dashboardKeys.all`) and the
 * change log.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  list: ['dashboard', 'list'] as const,
  supplierList: ['dashboard', 'supplierList'] as const,
  noticeboard: ['dashboard', 'noticeboard'] as const,
  notice: (id: string) => ['dashboard', 'notice', id] as const,
  pie: ['dashboard', 'pie'] as const,
  bar: (type: string, day: DashboardPeriodKey) => ['dashboard', 'bar', type, day] as const,
};

export const changeLogKeys = {
  all: ['changeLog'] as const,
  entity: (entityType: string, entityId: string) => ['changeLog', entityType, entityId] as const,
};
