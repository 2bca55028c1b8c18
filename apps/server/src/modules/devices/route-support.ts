import fastifyMultipart from '@fastify/multipart';
import { ADVERTISER_ROLES, OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import type { Language } from '@robot-ads/contracts/common/language';
import { languageField } from '@robot-ads/contracts/devices/devices.schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendWorkbook } from '../../platform/exports';
import type { ZodApp } from '../../platform/zod-routes';

/** Who reaches the routes of the devices module. */
export const OPS = OPERATOR_ROLES;
export const OPS_PROJECT: readonly Role[] = [...OPERATOR_ROLES, 'project'];
/** Advertisers see devices only as far as delivery needs (deliverable robots). */
export const DEVICE_READERS: readonly Role[] = [...OPERATOR_ROLES, 'project', ...ADVERTISER_ROLES];
export const ACCOUNT_MANAGERS: readonly Role[] = ['super', 'administrator'];

/** Registers the multipart parser in a module's own scope (import uploads), once. */
export async function registerImportMultipart(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(fastifyMultipart);
}

/** GET an import template (.xlsx) in the asked language (default the caller's): a file, outside the envelope. */
export function templateRoute(
  app: ZodApp,
  path: string,
  t: { tag: string; summary: string; roles: readonly Role[]; fileName: (lang: Language) => string },
  build: (lang: Language) => Promise<Buffer>,
) {
  app.get(
    path,
    {
      schema: { tags: [t.tag], summary: t.summary, querystring: z.object({ language: languageField }) },
      config: { roles: t.roles },
    },
    async (request, reply) => {
      const lang = request.query.language ?? request.lang;
      return sendWorkbook(reply, t.fileName(lang), await build(lang));
    },
  );
}
