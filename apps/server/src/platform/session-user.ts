import type { Principal, Role } from '@robot-ads/contracts/auth/roles';
import type { Language } from '@robot-ads/contracts/common/language';

/** The authenticated caller, as the auth guard puts it on `request.user`. */
export interface SessionUser {
  id: string;
  username: string;
  name: string;
  role: Role;
  principals: Principal;
  parentId: string | null;
  /** The advertiser's client (customer) id. */
  customer: string | null;
  diy: boolean;
  autoAudit: boolean;
  isSoldOut: boolean;
  /** The property (project) of a project account. */
  projectId: string | null;
  lang: Language;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on every route that is neither public nor a device route. */
    user: SessionUser;
  }
  interface FastifyContextConfig {
    /** No login needed (login routes, health, docs, tracking redirects). */
    public?: boolean;
    /** Device-token routes under /api/device/v1: authenticated by the devices module, not by users. */
    device?: boolean;
    /** Only these roles may call the route; absent means any logged-in user. */
    roles?: readonly Role[];
    /** Only principals root or admin may call the route. */
    rootOnly?: boolean;
    /**
     * With `public`: the handler itself checks a WeChat mini-program session token (wechat module); the
     * OpenAPI document declares that security.
     */
    wechatSession?: boolean;
  }
}

export function isSuperuser(user: Pick<SessionUser, 'principals'>): boolean {
  return user.principals === 'root' || user.principals === 'admin';
}
