import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';

/**
 * Serves the built web app at / and the kiosk player at /player/. Unknown /api paths get a 404 in the
 * envelope; every other unknown GET gets the app's index.html, so deep links such as /ad/List load.
 */
export async function registerStaticFiles(app: FastifyInstance, opts: { webDist: string; playerDist: string }) {
  const webDist = path.resolve(opts.webDist);
  const playerDist = path.resolve(opts.playerDist);
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const hasPlayer = fs.existsSync(path.join(playerDist, 'index.html'));
  const immutable = (res: { setHeader(name: string, value: string): void }, file: string) => {
    // Hashed build assets never change; index.html must always be revalidated.
    res.setHeader('cache-control', /[/\\]assets[/\\]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, setHeaders: immutable, index: false });
  }
  if (hasPlayer) {
    await app.register(fastifyStatic, {
      root: playerDist,
      prefix: '/player/',
      decorateReply: !hasWeb,
      wildcard: false,
      setHeaders: immutable,
      index: false,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/websocket/')) {
      return sendError(reply, request.lang, 'API_NOT_FOUND', { path: url });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(reply, request.lang, 'NOT_FOUND');
    }
    if (/\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html')) {
      // A missing asset is a real 404, not the app shell (a browser would parse HTML as JS).
      return sendError(reply, request.lang, 'NOT_FOUND');
    }
    const isPlayer = url === '/player' || url.startsWith('/player/');
    const root = isPlayer ? playerDist : webDist;
    if (isPlayer ? !hasPlayer : !hasWeb) return sendError(reply, request.lang, 'NOT_FOUND');
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(path.join(root, 'index.html')));
  });
}
