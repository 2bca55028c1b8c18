import type { DeviceProtocolContext } from './modules/device-protocol/device-protocol.context';
import type { DevicesContext } from './modules/devices/devices.context';
import type { MediaContext } from './modules/media/media.context';
import type { PlaylistsContext } from './modules/playlists/playlists.context';
import type { PublishingContext } from './modules/publishing/publishing.context';

/**
 * The context routes and function-style services are given: the platform (`AppContext`) plus every
 * service a module's functions read, as each module names them in its `<module>.context.ts` with the
 * type of their implementation. buildApp builds it once, field by field; a function asks for the
 * narrowest of these types it needs.
 */
export type ModulesContext = MediaContext &
  DevicesContext &
  DeviceProtocolContext &
  PlaylistsContext &
  PublishingContext;
