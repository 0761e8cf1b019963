import { z } from 'zod';
import { ASSET_STATUSES, assetMessages as say } from './assets';
import { ACCESS, defineCall } from './call';

/**
 * Faults of the Asset Register (docs/assets.md): reported by any employee from an asset's page, or
 * by anyone from its QR label (no sign-in); each becomes corrective maintenance
 * (assetMaintenance.ts) and may take the asset out of service.
 */

/** A fault reported by a signed-in employee (multipart: these fields and any photos). */
export const ZAssetFaultReport = z.object({
  assetId: z.uuid(),
  description: z
    .string({ error: say.faultDescriptionRequired })
    .trim()
    .min(1, say.faultDescriptionRequired)
    .max(4000),
  /** 'yes': the asset is unsafe to use; it goes out of service at once. */
  takeOutOfService: z.enum(['yes', 'no']).default('no'),
});
export type TAssetFaultReport = z.input<typeof ZAssetFaultReport>;

/** The QR label's page (no sign-in): what it shows of the asset. */
export const ZAssetLabel = z.object({
  companyName: z.string(),
  number: z.string(),
  name: z.string(),
  location: z.string(),
  status: z.enum(ASSET_STATUSES),
});
export type TAssetLabel = z.output<typeof ZAssetLabel>;

/** A fault reported from the QR label by anyone who scans it; the guest gives their name. */
export const ZAssetLabelFault = ZAssetFaultReport.extend({
  reporterName: z
    .string({ error: say.faultReporterRequired })
    .trim()
    .min(1, say.faultReporterRequired)
    .max(200),
});
export type TAssetLabelFault = z.input<typeof ZAssetLabelFault>;

// ---------- Calls ----------

const access = { callers: ['employee'], accessKeys: ['plant'] } as const;
const ZId = z.object({ _id: z.uuid() });

export const assetQrLabelCall = defineCall({
  method: 'GET',
  path: '/assetQrLabel/:assetId',
  tags: ['assets'],
  summary:
    'A printable A4 poster of an asset’s QR label (an SVG document): scanning it opens the page to report a fault',
  access,
  params: z.object({ assetId: z.uuid() }),
  response: 'file',
});

export const assetFaultReportCall = defineCall({
  method: 'POST',
  path: '/assetFaultReport',
  tags: ['assets'],
  summary:
    'Any employee reports a fault on an asset (multipart: the fields and any photos): it becomes corrective maintenance for the asset’s owner and may take the asset out of service',
  access: ACCESS.employee,
  multipart: ZAssetFaultReport,
  response: ZId,
});

export const assetLabelCall = defineCall({
  method: 'POST',
  path: '/assetLabel',
  tags: ['assets'],
  summary: 'What the QR label’s page shows of an asset (no sign-in)',
  access: ACCESS.anyone,
  body: z.object({ assetId: z.uuid() }),
  response: ZAssetLabel,
});

export const assetLabelFaultCall = defineCall({
  method: 'POST',
  path: '/assetLabelFault',
  tags: ['assets'],
  summary: 'Report a fault from an asset’s QR label (no sign-in; the reporter gives their name)',
  access: ACCESS.anyone,
  body: ZAssetLabelFault,
  response: z.null(),
});
