/**
 * Active notices of an organisation on a local day that reach the viewer (the noticeboard's audience
 * rule): the Noticeboard section, its list and one notice.
 */
import { localDateOf, NOTICE_CONTENT_LIMIT, type TNotice } from '@compass/shared';
import { toSection, uuid, day, emptySql, sql, yesNo, type Counted, type Query, type Section } from './sql';
import { timestampOf } from '../../db/reader';
import { noticeVisibleTo, type NoticeViewer } from '../noticeboard';

export async function notices(
  query: Query,
  viewer: NoticeViewer,
  today: string,
  timeZone: string,
  limit: number,
  offset: number,
  noticeId?: string,
  full = false,
): Promise<Section<TNotice>> {
  const { companyId } = viewer;
  const only = sql` AND ${noticeVisibleTo(viewer)}${noticeId ? sql` AND n.id = ${uuid(noticeId)}` : emptySql}`;
  const active = sql`n."companyId" = ${uuid(companyId)} AND n."startDate" <= ${day(today)}
    AND (n."expireDate" IS NULL OR n."expireDate" >= ${day(today)})${only}`;
  const cut = full ? 1_000_000_000 : NOTICE_CONTENT_LIMIT;
  const rows = await query<
    Array<
      Counted & {
        id: string | null;
        title: string;
        content: string;
        isTruncated: boolean;
        priority: TNotice['priority'];
        startDate: string;
        expireDate: string | null;
        createdAt: string;
        firstName: string | null;
        lastName: string | null;
        profileImage: string | null;
        positionName: string | null;
        attachments: Array<{ _id: string; name: string }>;
      }
    >
  >(sql`
    SELECT c.total, x.* FROM (
      -- Counted as two ranges so each is an index range scan on (companyId, expireDate, startDate).
      SELECT (SELECT count(*) FROM "Notice" n WHERE n."companyId" = ${uuid(companyId)}
                AND n."expireDate" >= ${day(today)} AND n."startDate" <= ${day(today)}${only})::int
           + (SELECT count(*) FROM "Notice" n WHERE n."companyId" = ${uuid(companyId)}
                AND n."expireDate" IS NULL AND n."startDate" <= ${day(today)}${only})::int AS total
    ) c
    LEFT JOIN LATERAL (
      SELECT n.id, n.title, left(n.content, ${cut}::int) AS content,
        char_length(n.content) > ${cut}::int AS "isTruncated", n.priority::text AS priority,
        to_char(n."startDate", 'YYYY-MM-DD') AS "startDate", to_char(n."expireDate", 'YYYY-MM-DD') AS "expireDate",
        n."createdAt", e."firstName", e."lastName", e."profileImageKey" AS "profileImage",
        p.name AS "positionName",
        COALESCE((SELECT json_agg(json_build_object('_id', a.id, 'name', a.name) ORDER BY a."createdAt", a.id)
          FROM "Attachment" a
          WHERE a."companyId" = n."companyId" AND a."ownerType" = 'notice' AND a."ownerId" = n.id), '[]'::json)
          AS attachments
      FROM "Notice" n
      LEFT JOIN "Employee" e ON e.id = n."authorEmployeeId" AND e."companyId" = n."companyId"
      LEFT JOIN "Position" p ON p.id = e."positionId" AND p."companyId" = n."companyId"
      WHERE ${active}
      ORDER BY n."startDate" DESC, n."createdAt" DESC, n.id DESC
      LIMIT ${limit}::int OFFSET ${offset}::int
    ) x ON true`);
  return toSection(rows, (row) => ({
    _id: row.id!,
    title: row.title,
    content: row.content,
    isTruncated: yesNo(row.isTruncated),
    priority: row.priority,
    startDate: row.startDate,
    expireDate: row.expireDate,
    attachment: row.attachments.map((file) => ({ _id: file._id, name: file.name, path: file._id })),
    employeeDetails:
      row.firstName !== null
        ? { firstName: row.firstName, lastName: row.lastName ?? '', profileImage: row.profileImage }
        : null,
    positionDetails: row.positionName !== null ? { name: row.positionName } : null,
    createdAt: localDateOf(timestampOf(row.createdAt), timeZone),
  }));
}
