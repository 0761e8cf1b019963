import {
  onlineTrainingMessages as say,
  type TTrainingCourseDetails,
  type TTrainingCourseList,
  type TTrainingCourseVersion,
  type TTrainingCourseVersionRow,
  type ZTrainingCourseListRequest,
} from '@compass/shared';
import type { z } from 'zod';
import { timestampOf, type Reader } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { attachmentOf, attachmentsJson } from '../attachments';
import { nameOfUser, userNameJson, type UserNameJson } from '../employees';
import { listPage } from '../registerParts';
import { storedDraft, storedVersion } from './content';

type ListRequest = z.output<typeof ZTrainingCourseListRequest>;

interface CourseRow {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  currentVersion: number;
  hasDraft: boolean;
  /** A `timestamp` as text (db/reader.ts). */
  updatedAt: string;
  questionCount: number | null;
  passMark: number | null;
  attemptsAllowed: number | null;
  expectedMinutes: number | null;
}

/** A page of the catalogue by name, each course with its published version's figures. */
export function listCourses(
  reader: Reader,
  auth: AuthContext,
  request: ListRequest,
): Promise<TTrainingCourseList> {
  const where = [sql`c."companyId" = ${uuid(auth.companyId)}`];
  if (request.status !== 'all') where.push(sql`c."isActive" = ${request.status === 'active'}`);
  if (request.search) {
    const words = containing(request.search);
    where.push(sql`(c.name ILIKE ${words} OR c.description ILIKE ${words})`);
  }
  const condition = join(where, ' AND ');
  return listPage(
    reader,
    request,
    {
      rows: (limit, offset) =>
        reader.rows<CourseRow>(sql`SELECT c.id, c.name, c.description, c."isActive", c."currentVersion",
            c."hasDraft", c."updatedAt", v."questionCount", v."passMark", v."attemptsAllowed", v."expectedMinutes"
          FROM (SELECT c.id, c.name, c.description, c."isActive", c."currentVersion",
              c.draft IS NOT NULL AS "hasDraft", c."updatedAt"
            FROM "TrainingCourse" c WHERE ${condition}
            ORDER BY c.name, c.id LIMIT ${limit} OFFSET ${offset}) c
          LEFT JOIN "TrainingCourseVersion" v ON v."courseId" = c.id AND v.number = c."currentVersion"
          ORDER BY c.name, c.id`),
      count: sql`SELECT 1 FROM "TrainingCourse" c WHERE ${condition}`,
    },
    (row) => ({ ...row, _id: row.id, updatedAt: timestampOf(row.updatedAt).toISOString() }),
  );
}

interface VersionJson {
  number: number;
  publishedAt: string;
  publishedBy: UserNameJson;
  questionCount: number;
  passMark: number;
}

/** A version's row as the details list it, from `v` of a statement with the course's company `companyId`. */
const versionJson = (companyId: Sql) =>
  sql`json_build_object('number', v.number, 'publishedAt', v."publishedAt",
    'publishedBy', ${userNameJson(sql`v."publishedById"`, companyId)},
    'questionCount', v."questionCount", 'passMark', v."passMark")`;

const versionRow = (row: VersionJson): TTrainingCourseVersionRow => ({
  number: row.number,
  publishedAt: timestampOf(row.publishedAt).toISOString(),
  publishedBy: nameOfUser(row.publishedBy),
  questionCount: row.questionCount,
  passMark: row.passMark,
});

interface DetailsRow {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  currentVersion: number;
  revision: number;
  draft: unknown;
  published: unknown;
  versions: VersionJson[];
  files: { id: string; name: string; fileType: string | null; size: number }[];
  updatedAt: string;
}

/** One course as HR edits it, in one statement: the draft, the published content, versions and files. */
export async function courseDetails(
  reader: Reader,
  auth: AuthContext,
  id: string,
): Promise<TTrainingCourseDetails> {
  const company = uuid(auth.companyId);
  const [row] = await reader.rows<DetailsRow>(sql`SELECT c.id, c.name, c.description, c."isActive",
      c."currentVersion", c.revision, c.draft, c."updatedAt",
      (SELECT v.content FROM "TrainingCourseVersion" v
        WHERE v."courseId" = c.id AND v.number = c."currentVersion") AS published,
      (SELECT coalesce(json_agg(${versionJson(sql`c."companyId"`)} ORDER BY v.number DESC), '[]')
        FROM "TrainingCourseVersion" v WHERE v."courseId" = c.id) AS versions,
      ${attachmentsJson('trainingCourse', sql`c.id`, sql`c."companyId"`)} AS files
    FROM "TrainingCourse" c WHERE c.id = ${uuid(id)} AND c."companyId" = ${company}`);
  if (!row) throw notFound();
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    currentVersion: row.currentVersion,
    revision: row.revision,
    draft: storedDraft(row.draft),
    published: row.published === null ? null : storedVersion(row.published),
    versions: row.versions.map(versionRow),
    files: row.files.map(attachmentOf),
    updatedAt: timestampOf(row.updatedAt).toISOString(),
  };
}

/** One published version of a course of the caller's organisation; an unknown number is not found. */
export async function courseVersion(
  reader: Reader,
  auth: AuthContext,
  request: { _id: string; number: number },
): Promise<TTrainingCourseVersion> {
  const [row] = await reader.rows<{ version: VersionJson; content: unknown }>(sql`SELECT
      ${versionJson(sql`v."companyId"`)} AS version, v.content
    FROM "TrainingCourseVersion" v
    WHERE v."courseId" = ${uuid(request._id)} AND v."companyId" = ${uuid(auth.companyId)}
      AND v.number = ${request.number}`);
  if (!row) throw notFound(say.versionUnknown);
  return { ...versionRow(row.version), content: storedVersion(row.content) };
}
