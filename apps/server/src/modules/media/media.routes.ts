import { Transform } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { idParams } from '@robot-ads/contracts/common/ids';
import { extensionOf, MIME_TYPES, UPLOAD_LIMITS } from '@robot-ads/contracts/media/media.rules';
import {
  localUploadResult,
  mediaDto,
  registerMediaBatchBody,
  registerMediaBody,
  uploadCredentials,
  uploadCredentialsQuery,
} from '@robot-ads/contracts/media/media.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { LOCAL_UPLOAD_PATH, LocalStorage } from '../../platform/storage/local-storage';
import { isValidObjectKey, StorageNotFoundError } from '../../platform/storage/storage';
import { zodRoutes } from '../../platform/zod-routes';
import type { MediaContext } from './media.context';
import { deleteMediaRow } from './media.queries';
import { MATERIAL_ROLES } from './media.scope';
import {
  deleteObjects,
  findVisibleMedia,
  issueUploadCredentials,
  mediaToDto,
  objectKeysOf,
  registerMedia,
  registerMediaBatch,
} from './media.service';

const fileQuery = z.object({
  expires: z.string().max(20),
  signature: z.string().max(100),
  name: z.string().max(255).optional(),
});

/** Media: upload credentials, the local driver's signed upload and download routes, registration. */
export function mediaRoutes(ctx: MediaContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['media']);
    // Materials and ads belong to operators and advertisers (menu roles of /ad/Resource and /ad/AD).
    app.addHook('onRoute', (route) => {
      if (!route.config?.public) route.config = { ...route.config, roles: route.config?.roles ?? MATERIAL_ROLES };
    });
    await app.register(fastifyMultipart, {
      limits: { fileSize: UPLOAD_LIMITS.materialBytes, files: 1, fields: 20, fieldSize: 8 * 1024 },
    });

    route.get(
      '/api/Media/oss',
      {
        summary:
          'Short-lived upload credentials (section 3 upload token) and the form to upload with; purpose=licence for an enterprise licence picture (any advertiser, DIY or not)',
        querystring: uploadCredentialsQuery,
        response: okEnvelope(uploadCredentials),
      },
      async (request) => issueUploadCredentials(ctx, request.user, request.query.purpose),
    );

    route.post(
      '/api/Media',
      {
        summary: 'Register an uploaded file: checked again from its stored bytes; returns its id',
        body: registerMediaBody,
        response: okEnvelope(mediaDto),
      },
      async (request) => registerMedia(ctx, request.user, request.body),
    );

    route.post(
      '/api/Media/batch',
      {
        summary: 'Register up to 50 uploaded files (200MB in all) at once, all or nothing',
        body: registerMediaBatchBody,
        response: okEnvelope(z.array(mediaDto)),
      },
      async (request) => registerMediaBatch(ctx, request.user, request.body.files),
    );

    route.get(
      '/api/Media/:id',
      { summary: 'One registered file', params: idParams, response: okEnvelope(mediaDto) },
      async (request) => mediaToDto(ctx, await findVisibleMedia(ctx, request.user, request.params.id)),
    );

    route.delete(
      '/api/Media/:id',
      {
        summary: 'Delete a registered file that no material uses (the stored object too)',
        params: idParams,
        response: okEnvelope(z.boolean()),
      },
      async (request) => {
        const row = await findVisibleMedia(ctx, request.user, request.params.id);
        try {
          await deleteMediaRow(ctx.db, row.id);
        } catch {
          // A material still points at it (foreign key).
          throw new AppError('DELETE_FAILED');
        }
        await deleteObjects(ctx, objectKeysOf(row));
        return true;
      },
    );

    const storage = ctx.storage;
    if (!(storage instanceof LocalStorage)) return;

    // The local driver: browsers post the file here with the signed policy of /api/Media/oss; the
    // body streams to disk (never held in memory) and a refused or cancelled upload leaves no file.
    route.post(
      LOCAL_UPLOAD_PATH,
      {
        summary: 'Local storage: upload one file with the signed policy from /api/Media/oss (multipart)',
        response: okEnvelope(localUploadResult),
        config: { public: true },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('UPLOAD_FAILED');
        const fields: Record<string, string> = {};
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          const policy = storage.verifyUploadPolicy(fields.policy ?? '', fields.signature ?? '', ctx.clock.now());
          if (!policy) {
            part.file.resume();
            throw new AppError('UPLOAD_LINK_INVALID');
          }
          const key = fields.key ?? '';
          if (!isValidObjectKey(key) || !key.startsWith(`${policy.dir}/`)) {
            part.file.resume();
            throw new AppError('UPLOAD_KEY_OUTSIDE_DIR', {}, 'key');
          }
          let size = 0;
          const limited = new Transform({
            transform(chunk: Buffer, _enc, done) {
              size += chunk.length;
              if (size > policy.max) done(new AppError('PAYLOAD_TOO_LARGE'));
              else done(null, chunk);
            },
          });
          part.file.on('error', (err) => limited.destroy(err));
          // A browser that cancels ("File upload canceled") closes the connection mid-body: stop
          // writing so that the partial file is removed.
          const onClose = () => {
            if (!request.raw.complete) limited.destroy(new AppError('UPLOAD_CANCELED'));
          };
          request.raw.once('close', onClose);
          const stored = await storage
            .put(key, part.file.pipe(limited), { contentType: part.mimetype })
            .finally(() => request.raw.off('close', onClose));
          if (part.file.truncated) {
            await storage.delete(key);
            throw new AppError('PAYLOAD_TOO_LARGE');
          }
          return { key, size: stored.size };
        }
        throw new AppError('UPLOAD_FAILED');
      },
    );

    app.get(
      `/api/Media/file/*`,
      {
        schema: {
          tags: ['media'],
          summary: 'Local storage: download a file with a signed link (supports byte ranges)',
          querystring: fileQuery,
        },
        config: { public: true },
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const { expires, signature, name } = request.query;
        if (!storage.verifyDownload(key, expires, signature, ctx.clock.now()))
          throw new AppError('UPLOAD_LINK_INVALID');
        const head = await storage.head(key);
        if (!head) throw new AppError('DOWNLOAD_FAILED');
        const type = MIME_TYPES[extensionOf(key)] ?? 'application/octet-stream';
        reply.header('content-type', type);
        reply.header('accept-ranges', 'bytes');
        reply.header('cache-control', 'private, max-age=3600');
        reply.header('x-content-type-options', 'nosniff');
        // Uploaded HTML runs in a sandbox (a unique origin, no scripts): it can never act as this site.
        if (type === 'text/html')
          reply.header('content-security-policy', "sandbox; default-src 'self' data:; script-src 'none'");
        if (name) reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`);
        const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
        try {
          if (range && head.size > 0) {
            let start = range[1] ? Number(range[1]) : head.size - Number(range[2]);
            let end = range[1] && range[2] ? Number(range[2]) : head.size - 1;
            start = Math.max(0, start);
            end = Math.min(end, head.size - 1);
            if (start > end) {
              reply.header('content-range', `bytes */${head.size}`);
              return reply.status(416).send();
            }
            reply.status(206);
            reply.header('content-range', `bytes ${start}-${end}/${head.size}`);
            reply.header('content-length', end - start + 1);
            return reply.send(await storage.get(key, { start, end }));
          }
          reply.header('content-length', head.size);
          return reply.send(await storage.get(key));
        } catch (err) {
          if (err instanceof StorageNotFoundError) throw new AppError('DOWNLOAD_FAILED');
          throw err;
        }
      },
    );
  };
}
