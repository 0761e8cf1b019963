import {
  assetFaultLabelPath,
  assetMessages as say,
  assetOptionName,
  type TAssetLabel,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { publicLink, qrPosterSvg } from '../qrCodes';
import { findAsset } from './policy';

const SCAN_CALL = 'Scan to report a fault';
const SCAN_HINT = 'Open your phone’s camera and point it at the code: no sign-in needed.';

/**
 * An asset's QR label: an A4 poster (as the form templates' posters) whose code opens the public
 * page that reports a fault on it, {PUBLIC_URL}/qr/asset-fault/{assetId}.
 */
export async function assetQrLabel(
  db: Db,
  publicUrl: string,
  auth: AuthContext,
  assetId: string,
): Promise<{ name: string; svg: string }> {
  const asset = await findAsset(db, auth.companyId, assetId);
  const company = await db.company.findUniqueOrThrow({
    where: { id: auth.companyId },
    select: { name: true },
  });
  const svg = await qrPosterSvg({
    organisation: company.name,
    title: asset.number,
    titleSize: 16,
    subtitle: asset.name,
    call: SCAN_CALL,
    hint: SCAN_HINT,
    target: publicLink(publicUrl, assetFaultLabelPath(asset.id)),
  });
  return { name: assetOptionName(asset), svg };
}

/**
 * The public page of a label: the asset by its id alone (an unguessable uuid printed on the label;
 * the organisation is the asset's). An unknown id is faultAssetUnknown.
 */
export async function assetLabel(db: Db, assetId: string): Promise<TAssetLabel & { companyId: string }> {
  const asset = await db.asset.findUnique({
    where: { id: assetId },
    select: { companyId: true, number: true, name: true, location: true, status: true },
  });
  if (!asset) throw notFound(say.faultAssetUnknown);
  const company = await db.company.findUniqueOrThrow({
    where: { id: asset.companyId },
    select: { name: true },
  });
  return { ...asset, companyName: company.name };
}
