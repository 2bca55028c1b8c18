import type { AppContext } from '../../platform/context';
import type { DeviceTokenCache } from '../devices/device-tokens';
import type { Presence } from '../devices/presence';

/** What the device protocol is given: the platform plus the devices module's presence and token cache. */
export interface DeviceProtocolContext extends AppContext {
  presence: Presence;
  deviceTokens: DeviceTokenCache;
}
