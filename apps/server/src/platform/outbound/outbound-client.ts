import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import type { ErrorCode } from '@robot-ads/contracts/common/errors';
import { AppError } from '../app-error';
import { type AddressPolicy, OutboundRefusedError, type RefusalKind } from './address-policy';

const REFUSAL_CODES: Record<RefusalKind, ErrorCode> = {
  loopback: 'OUTBOUND_LOOPBACK',
  private: 'OUTBOUND_PRIVATE',
  linkLocal: 'OUTBOUND_LINK_LOCAL',
  metadata: 'OUTBOUND_METADATA',
  multicast: 'OUTBOUND_MULTICAST',
  reserved: 'OUTBOUND_RESERVED',
  unresolved: 'OUTBOUND_UNRESOLVED',
  invalid: 'OUTBOUND_URL_INVALID',
};

export interface OutboundAnswer {
  status: number;
  /** The Location of a 3xx (not followed). */
  location: string | null;
}

/** A call that did not get an answer; its message names no address or port (no port scanner). */
export class OutboundFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundFailedError';
  }
}

const FAILURE_TEXT: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'timed out',
  EPIPE: 'connection closed',
};

function failureOf(err: unknown): Error {
  if (err instanceof OutboundRefusedError || err instanceof OutboundFailedError) return err;
  const e = err as NodeJS.ErrnoException;
  const tls = e.code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(e.message ?? '');
  return new OutboundFailedError(FAILURE_TEXT[e.code ?? ''] ?? (tls ? 'TLS handshake failed' : 'no answer'));
}

/**
 * The one HTTP client for addresses users configure. The policy is applied twice: to the URL before
 * connecting (its host in any spelling, every address it resolves to) and to the address the socket
 * actually connects to (a custom DNS lookup, then the socket's remote address), so a name that resolves
 * to a public address at validation and to an inside one at sending (DNS rebinding) is refused.
 * Redirects are never followed: a 3xx is the answer.
 */
export class OutboundClient {
  constructor(readonly policy: AddressPolicy) {}

  /** Validation of a URL a user sets (creation, change): a refusal is a 400 naming `field`, in the caller's language. */
  async assertUserUrl(url: string, field: string): Promise<void> {
    try {
      await this.policy.assertUrl(url);
    } catch (err) {
      if (!(err instanceof OutboundRefusedError)) throw err;
      throw new AppError(REFUSAL_CODES[err.kind], { host: err.host }, field);
    }
  }

  /** The lookup the socket uses: the policy's resolver, every address checked. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.policy.resolveAllowed(hostname.replace(/^\[|\]$/g, '')).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (usable.length === 0) {
          const err = Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
          callback(err, '', 0);
        } else if (options.all) {
          (callback as unknown as (e: null, list: typeof usable) => void)(null, usable);
        } else {
          const first = usable[0] as (typeof usable)[number];
          callback(null, first.address, first.family);
        }
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };

  /** POSTs a body; resolves with the answer's status (any status), rejects with a refusal or a failure. */
  async post(
    url: string,
    opts: { headers: Record<string, string>; body: string; timeoutMs: number },
  ): Promise<OutboundAnswer> {
    const host = this.policy.hostOf(url);
    // An address literal never goes through the lookup: it is checked here.
    await this.policy.resolveAllowed(host).catch((err) => {
      throw failureOf(err);
    });
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? https : http;
    return new Promise<OutboundAnswer>((resolve, reject) => {
      let settled = false;
      const fail = (err: unknown) => {
        if (settled) return;
        settled = true;
        reject(failureOf(err));
      };
      const req = transport.request(
        target,
        {
          method: 'POST',
          headers: { ...opts.headers, 'content-length': String(Buffer.byteLength(opts.body)) },
          lookup: this.lookup,
          agent: false,
          timeout: opts.timeoutMs,
        },
        (res) => {
          res.resume();
          if (settled) return;
          settled = true;
          resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null });
        },
      );
      req.on('socket', (socket: Socket) => {
        // The address actually connected to, whatever resolved it.
        socket.once('connect', () => {
          try {
            if (socket.remoteAddress) this.policy.assertAddress(socket.remoteAddress, host);
          } catch (err) {
            fail(err);
            req.destroy();
          }
        });
      });
      req.on('timeout', () => {
        fail(new OutboundFailedError('timed out'));
        req.destroy();
      });
      req.on('error', fail);
      req.end(opts.body);
    });
  }
}
