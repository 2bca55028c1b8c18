import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '@robot-ads/contracts/common/ids';
import type { PlayEventOut } from './api';

/** A finished play as the player reports it, the `n`th of a run (ten seconds apart). */
export function playEvent(n: number): PlayEventOut {
  return {
    id: newId(),
    type: 'play',
    playlistId: '6740a1b2c3d4e5f6a7b8c9d0',
    adId: '6740a1b2c3d4e5f6a7b8c9d1',
    startedAt: 1_795_856_400 + n * 10,
    watchDuration: 10_000,
  };
}

/**
 * A real HTTP server on a free loopback port for the player's unit tests: each test installs the
 * answers it needs (a file, a refused link, the events endpoint), and requests are recorded.
 */
export interface TestServer {
  origin: string;
  requests: { method: string; path: string; body: string; authorization: string | undefined }[];
  /** The answer to a path; a promise holds the request open until it settles. */
  handle(path: string, answer: (body: string) => Answer | Promise<Answer>): void;
  close(): Promise<void>;
}

type Answer = { status: number; body?: unknown; type?: string };

export async function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, (body: string) => Answer | Promise<Answer>>();
  const requests: TestServer['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0] as string;
      requests.push({ method: req.method ?? 'GET', path, body, authorization: req.headers.authorization });
      const route = routes.get(path);
      const answer = route
        ? await route(body)
        : { status: 404, body: { success: false, data: null, code: 'NOT_FOUND' } };
      const payload =
        answer.body === undefined
          ? Buffer.alloc(0)
          : Buffer.isBuffer(answer.body)
            ? answer.body
            : Buffer.from(JSON.stringify(answer.body));
      res.writeHead(answer.status, {
        'content-type': answer.type ?? 'application/json',
        'content-length': String(payload.length),
      });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle: (path, answer) => {
      routes.set(path, answer);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
