import type { NotificationsService } from './notifications.service';

declare module '../../platform/context' {
  interface AppContext {
    /** notify(userId, name, data): stores a message and emits it live (`message`). */
    notifications: NotificationsService;
  }
}
