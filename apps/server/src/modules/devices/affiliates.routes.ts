import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { affiliateImportSchema, findScenesQuery, sceneSchema } from '@robot-ads/contracts/devices/devices.schemas';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { ZodApp } from '../../platform/zod-routes';
import { zodRoutes } from '../../platform/zod-routes';
import { parseRobotIdFile, readImportUpload } from './device-import';
import { findScenes, importAffiliates } from './projects.service';
import { DEVICE_READERS, OPS } from './route-support';

/** /api/Affiliates: scenes and the ad blacklist, imported from files; the scenes with their device counts. */
export function affiliateRoutes(app: ZodApp, ctx: AppContext) {
  const route = zodRoutes(app, ['devices']);
  for (const [path, kind] of [
    ['/api/Affiliates/importScenes', 'scenes'],
    ['/api/Affiliates/importAdBlacklist', 'blacklist'],
  ] as const) {
    route.post(
      path,
      {
        summary:
          kind === 'scenes'
            ? 'Import scenes (A: robot ID, B: scene name); field confirm=true applies the valid rows'
            : 'Import the ad blacklist (A: robot ID); field confirm=true applies the valid rows',
        response: okEnvelope(affiliateImportSchema),
        config: { roles: OPS },
      },
      async (request) => {
        const upload = await readImportUpload(request);
        const entries = parseRobotIdFile(upload.buffer, upload.filename);
        return importAffiliates(ctx, kind, entries, { confirm: upload.fields.confirm === 'true', lang: request.lang });
      },
    );
  }
  route.get(
    '/api/Affiliates/findScenes',
    {
      summary: 'Scenes with their device counts',
      querystring: findScenesQuery,
      response: okEnvelope(z.array(sceneSchema)),
      config: { roles: DEVICE_READERS },
    },
    async (request) => findScenes(ctx, request.user, request.query.name),
  );
}
