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
  // Callback hooks on every request (here and in the other platform hooks): no promise per hook.
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = pickLanguage(request.headers['accept-language']);
    done();
  });
}
