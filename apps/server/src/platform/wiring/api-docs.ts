import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { finishDocument, routeTransform, SECURITY_SCHEMES } from '../openapi/document';
import { APP_VERSION } from '../version';

/**
 * The OpenAPI document of every route registered after it, and its pages at /api/docs. The document is
 * a contract (docs/openapi.md): operationIds, security, errors and examples per operation.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'robot-ads API',
        description:
          'Back-office and device API. Success: `{success:true,data}`; pages: `{success:true,total,datas}`; ' +
          'failure: `{success:false,data:null,code,msg}`. Token: `Authorization: Bearer <token>` or `access_token`.',
        version: APP_VERSION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        contact: { name: 'The operator of this robot-ads installation' },
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: routeTransform as never,
    transformObject: finishDocument as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
