import {
  assetCategoryDeleteCall,
  assetCategorySaveCall,
  assetDetailsCall,
  assetExportCall,
  assetFaultReportCall,
  assetFilesAddCall,
  assetHistoryCall,
  assetImportCall,
  assetLabelCall,
  assetLabelFaultCall,
  assetListCall,
  assetMessages as say,
  assetOptionsCall,
  assetPickerSearchCall,
  assetQrLabelCall,
  assetSaveCall,
  assetStatusSetCall,
  ZAssetFaultReport,
  ZAssetFilesAdd,
} from '@compass/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { abuseLimitHooks, type AbuseLimits } from '../../plugins/rateLimit';
import { readMultipart } from '../../plugins/uploads';
import type { AssetService } from './service';

const SVG = 'image/svg+xml; charset=utf-8';

/**
 * The label's page is public, so its calls are limited per client address and per asset (as the
 * QR forms are per template): reading is cheap, a fault writes a record and may take an asset out
 * of service.
 */
export const ASSET_LABEL_LIMITS: AbuseLimits = { perAddressPerMinute: 60, perAccountPerMinute: 600 };
export const ASSET_LABEL_FAULT_LIMITS: AbuseLimits = { perAddressPerMinute: 10, perAccountPerMinute: 30 };
const byAsset = (request: FastifyRequest) => (request.body as { assetId?: string } | null)?.assetId;

export const assetRoutes: FastifyPluginAsync<{ assets: AssetService }> = async (app, { assets }) => {
  registerCall(app, assetListCall, {
    handler: async (request, _reply, { auth }) => ok(await assets.list(auth, request.body)),
  });
  registerCall(app, assetExportCall, {
    handler: async (request, reply, { auth }) => {
      const file = await assets.exportFile(auth, request.query);
      return reply
        .headers({
          ...fileHeaders({ fileName: `assets.${request.query.format}` }),
          'x-export-truncated': file.truncated ? 'yes' : 'no',
        })
        .send(file.body);
    },
  });
  registerCall(app, assetOptionsCall, {
    handler: async (_request, _reply, { auth }) => ok(await assets.options(auth)),
  });
  registerCall(app, assetPickerSearchCall, {
    handler: async (request, _reply, { auth }) => ok(await assets.picker(auth, request.body)),
  });
  registerCall(app, assetDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await assets.details(auth, request.body._id)),
  });
  registerCall(app, assetHistoryCall, {
    handler: async (request, _reply, { auth }) => ok(await assets.history(auth, request.body)),
  });
  registerCall(app, assetSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await assets.save(auth, request.body), say.saved),
  });
  registerCall(app, assetStatusSetCall, {
    handler: async (request, _reply, { auth }) => {
      await assets.setStatus(auth, request.body);
      return ok(null, say.statusChanged);
    },
  });
  registerCall(app, assetFilesAddCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { _id, kind } = parseOrBadRequest(ZAssetFilesAdd, fields);
      await assets.addFiles(auth, _id, kind, files);
      return ok(null, say.filesAdded);
    },
  });
  registerCall(app, assetImportCall, {
    handler: async (request, _reply, { auth }) => {
      const { files } = await readMultipart(request);
      const result = await assets.import(auth, files[0]);
      return ok(result, say.imported(result.created, result.updated));
    },
  });
  registerCall(app, assetCategorySaveCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await assets.saveCategory(auth, request.body), say.categorySaved),
  });
  registerCall(app, assetCategoryDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await assets.deleteCategory(auth, request.body._id);
      return ok(null, say.categoryDeleted);
    },
  });
  registerCall(app, assetQrLabelCall, {
    handler: async (request, reply, { auth }) => {
      const label = await assets.qrLabel(auth, request.params.assetId);
      return reply
        .headers(fileHeaders({ fileName: `${label.name} QR label.svg`, contentType: SVG, inline: true }))
        .send(label.svg);
    },
  });
  registerCall(app, assetFaultReportCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const report = parseOrBadRequest(ZAssetFaultReport, fields);
      return ok({ _id: await assets.reportFault(auth, report, files) }, say.faultReported);
    },
  });
  registerCall(app, assetLabelCall, {
    preHandler: abuseLimitHooks(app, 'assetLabel', ASSET_LABEL_LIMITS, byAsset),
    handler: async (request) => ok(await assets.label(request.body.assetId)),
  });
  registerCall(app, assetLabelFaultCall, {
    preHandler: abuseLimitHooks(app, 'assetLabelFault', ASSET_LABEL_FAULT_LIMITS, byAsset),
    handler: async (request) => {
      await assets.labelFault(request.body);
      return ok(null, say.faultReported);
    },
  });
};
