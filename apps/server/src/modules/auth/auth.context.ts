import type { AuthService } from './auth.service';

declare module '../../platform/context' {
  interface AppContext {
    /** Logins, sessions, password checks. */
    auth: AuthService;
  }
}
