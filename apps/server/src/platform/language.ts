import { type Language, pickLanguage } from '@robot-ads/contracts/common/language';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language: the user's saved setting (set by auth), else Accept-Language, else zh. */
    lang: Language;
  }
}

export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
  });
}
