import { z } from 'zod';
import { NOTICE_PRIORITIES } from '../constants';
import { ZAttachment } from './attachments';
import { defineCall } from './call';
import { ZDay } from './envelope';

/** What managing notices says (the specification shows only the reader's side). */
export const noticeMessages = {
  titleRequired: 'Please enter a title.',
  contentRequired: 'Please enter the notice text.',
  expiryBeforeStart: 'The expiry date cannot be before the start date.',
  audienceRequired: 'Choose at least one workplace, role or supplier company for this audience.',
  audienceMissing: 'A chosen workplace, role or supplier company does not exist.',
  saved: 'Notice saved.',
  published: 'Notice published.',
  expired: 'Notice expired: it has left the noticeboard.',
  deleted: 'Notice deleted.',
  filesAdded: 'Files added.',
} as const;

export const NOTICE_AUDIENCES = ['everyone', 'workplaces', 'roles', 'suppliers'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
export const NOTICE_AUDIENCE_LABELS: Record<NoticeAudience, string> = {
  everyone: 'Every employee',
  workplaces: 'Employees of workplaces',
  roles: 'Employees with roles',
  suppliers: 'Supplier companies',
};

/** Where a notice stands today, in the organisation's time zone. */
export const NOTICE_STATUSES = ['draft', 'scheduled', 'live', 'expired'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

const access = { callers: ['employee'], accessKeys: ['system'] } as const;
const ZId = z.object({ _id: z.uuid() });
export const ZNoticeAttachmentUpload = ZId;

export const ZNoticeAdminListRequest = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  status: z.enum(NOTICE_STATUSES).optional(),
});
export type TNoticeAdminListRequest = z.input<typeof ZNoticeAdminListRequest>;

export const ZNoticeAdminRow = z.object({
  _id: z.uuid(),
  title: z.string(),
  priority: z.enum(NOTICE_PRIORITIES),
  startDate: z.string(),
  expireDate: z.string().nullable(),
  audience: z.enum(NOTICE_AUDIENCES),
  audienceNames: z.array(z.string()),
  status: z.enum(NOTICE_STATUSES),
  author: z.string().nullable(),
  attachmentCount: z.number().int(),
});
export type TNoticeAdminRow = z.output<typeof ZNoticeAdminRow>;

export const ZNoticeSave = z
  .object({
    _id: z.uuid().optional(),
    title: z.string().trim().min(1, noticeMessages.titleRequired).max(200),
    content: z.string().trim().min(1, noticeMessages.contentRequired).max(20_000),
    priority: z.enum(NOTICE_PRIORITIES),
    startDate: ZDay,
    expireDate: ZDay.nullable().optional(),
    audience: z.enum(NOTICE_AUDIENCES),
    audienceIds: z.array(z.uuid()).max(500).default([]),
    isPublished: z.boolean(),
  })
  .superRefine((notice, ctx) => {
    if (notice.expireDate && notice.expireDate < notice.startDate)
      ctx.addIssue({ code: 'custom', path: ['expireDate'], message: noticeMessages.expiryBeforeStart });
    if (notice.audience !== 'everyone' && notice.audienceIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['audienceIds'], message: noticeMessages.audienceRequired });
  });
export type TNoticeSave = z.input<typeof ZNoticeSave>;
export type TNoticeSaveParsed = z.output<typeof ZNoticeSave>;

export const ZNoticeAdminDetails = z.object({
  _id: z.uuid(),
  title: z.string(),
  content: z.string(),
  priority: z.enum(NOTICE_PRIORITIES),
  startDate: z.string(),
  expireDate: z.string().nullable(),
  audience: z.enum(NOTICE_AUDIENCES),
  audienceIds: z.array(z.uuid()),
  isPublished: z.boolean(),
  status: z.enum(NOTICE_STATUSES),
  attachments: z.array(ZAttachment),
});
export type TNoticeAdminDetails = z.output<typeof ZNoticeAdminDetails>;

const ZOption = z.object({ _id: z.uuid(), name: z.string() });
export const ZNoticeAudienceOptions = z.object({
  workplaces: z.array(ZOption),
  roles: z.array(ZOption),
  suppliers: z.array(ZOption),
});
export type TNoticeAudienceOptions = z.output<typeof ZNoticeAudienceOptions>;

export const noticeAdminListCall = defineCall({
  method: 'POST',
  path: '/noticeAdminList',
  tags: ['noticeboard'],
  summary: 'Every notice of the organisation, drafts and expired ones included (administrators)',
  access,
  body: ZNoticeAdminListRequest,
  response: z.object({
    rows: z.array(ZNoticeAdminRow),
    total: z.number().int(),
    /** Set when the count stopped at its cap (RECORDS_COUNT_CAP, less for a search): `total` is the cap. */
    totalCapped: z.boolean().optional(),
  }),
});

export const noticeAdminDetailsCall = defineCall({
  method: 'POST',
  path: '/noticeAdminDetails',
  tags: ['noticeboard'],
  summary: 'One notice for editing',
  access,
  body: ZId,
  response: ZNoticeAdminDetails,
});

export const noticeAudienceOptionsCall = defineCall({
  method: 'POST',
  path: '/noticeAudienceOptions',
  tags: ['noticeboard'],
  summary: 'The workplaces, roles and supplier companies a notice can be addressed to',
  access,
  response: ZNoticeAudienceOptions,
});

export const noticeSaveCall = defineCall({
  method: 'POST',
  path: '/noticeSave',
  tags: ['noticeboard'],
  summary: 'Create a notice (draft or published), or change one (_id given)',
  access,
  body: ZNoticeSave,
  response: ZId,
});

export const noticeAttachmentUploadCall = defineCall({
  method: 'POST',
  path: '/noticeAttachmentUpload',
  tags: ['noticeboard'],
  summary:
    "Add files to a notice (multipart: _id and files); removed with deleteAttachment (fileType 'notice')",
  access,
  multipart: ZNoticeAttachmentUpload,
  response: z.null(),
});

export const noticePublishCall = defineCall({
  method: 'POST',
  path: '/noticePublish',
  tags: ['noticeboard'],
  summary: 'Publish a draft: it reaches its audience from its start date',
  access,
  body: ZId,
  response: z.null(),
});

export const noticeExpireCall = defineCall({
  method: 'POST',
  path: '/noticeExpire',
  tags: ['noticeboard'],
  summary: "Take a notice off the board today (its expiry becomes yesterday in the organisation's time zone)",
  access,
  body: ZId,
  response: z.null(),
});

export const noticeDeleteCall = defineCall({
  method: 'POST',
  path: '/noticeDelete',
  tags: ['noticeboard'],
  summary: 'Delete a notice and its files',
  access,
  body: ZId,
  response: z.null(),
});
