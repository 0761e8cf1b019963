import type { NoticePriority } from '../../server/src/generated/prisma/client';
import { Org } from './rows';

// ---------- Notices ----------

export interface NoticeDef {
  key: string;
  title: string;
  content: string;
  priority: NoticePriority;
  start: number;
  expire?: number;
  author: string;
}

export function addNotices(o: Org, defs: NoticeDef[]): void {
  for (const def of defs) {
    o.rows.notice.push({
      id: o.id('notice', def.key),
      companyId: o.companyId,
      title: def.title,
      content: def.content,
      priority: def.priority,
      startDate: o.cal.day(def.start),
      expireDate: def.expire === undefined ? null : o.cal.day(def.expire),
      authorEmployeeId: def.author,
      createdAt: o.cal.at(Math.min(def.start, 0), 8),
    });
  }
}
