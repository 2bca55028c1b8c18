/**
 * Pure device rules shared by the server, the web and the player: the vocabulary of types, sales
 * types, states and screen ratios, the state of a robot, remaining ad slots, distance and price.
 */

/** Spec section 3: the 19 robot types; each has an online and an offline icon in the web app. */
export const DEVICE_TYPES = [
  'watch',
  'patrol',
  'gate',
  'service',
  'container',
  'lele',
  'huanhuan',
  'disinfect',
  'lele2delivery',
  'hydroxylpro',
  'hydroxylproA',
  'marketing',
  'delivery',
  'identify',
  'voko',
  'welcome',
  'voca',
  'voca2',
  'huanhuan2',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * Types whose screen can carry advertising. Disinfection units (disinfect, hydroxylpro, hydroxylproA)
 * and the wrist-watch terminal have no public screen, so an import refuses them as unsupported.
 */
export const AD_CAPABLE_TYPES: readonly DeviceType[] = DEVICE_TYPES.filter(
  (t) => !['watch', 'disinfect', 'hydroxylpro', 'hydroxylproA'].includes(t),
);

/** Spec section 1: trial, rental, sales order. */
export const SALES_TYPES = ['trial', 'rental', 'sales'] as const;
export type SalesType = (typeof SALES_TYPES)[number];

/** Spec section 4: device states. `activated` is the union of unused/online/offline for counting. */
export const DEVICE_STATES = ['notActivated', 'activated', 'expired', 'unused', 'online', 'offline'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export const LIST_TYPES = ['none', 'blacklist', 'whitelist'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** Spec section 3: screen ratios. */
export const SCREEN_RATIOS = [
  '1080_1920',
  '1920_1080',
  '1080_1280',
  '580_772',
  '1284_720',
  '768_1366',
  '768_455',
  '1024_768',
  '720_1280',
  '1080_1312',
] as const;
export type ScreenRatio = (typeof SCREEN_RATIOS)[number];

/** Template 1 is one 1080x1920 slot; template 2 has a 1080x600 and a 1080x1320 slot. */
export const TEMPLATES = [1, 2] as const;
export const TEMPLATE_SLOTS: Record<(typeof TEMPLATES)[number], Array<{ width: number; height: number }>> = {
  1: [{ width: 1080, height: 1920 }],
  2: [
    { width: 1080, height: 600 },
    { width: 1080, height: 1320 },
  ],
};

/** Project (property) types: project, movie, common, shown as property, cinema, custom. */
export const PROJECT_TYPES = ['project', 'movie', 'common'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** Spec section 9: distance filters in km. */
export const DISTANCES_KM = [1, 3, 5, 10] as const;

/** Slot accounting lives once, with the plans (spec section 9: 15 minus used, floor 0). */
export { DEVICE_SLOTS, remainingSlots } from '../playlists/slots.rules';

/** Heartbeat timing (docs/device-protocol.md). */
export const HEARTBEAT_INTERVAL_S = 30;
export const HEARTBEAT_GRACE_S = 5;
/** A device is online while its last heartbeat is younger than this. */
export const ONLINE_WINDOW_MS = Math.round((1.1 * HEARTBEAT_INTERVAL_S + HEARTBEAT_GRACE_S) * 1000);

export function isOnline(lastHeartbeatAt: Date | null | undefined, now: Date): boolean {
  return !!lastHeartbeatAt && now.getTime() - lastHeartbeatAt.getTime() < ONLINE_WINDOW_MS;
}

export interface RobotStateInput {
  activated: boolean;
  expireAt: Date | null;
  inUse: boolean;
  lastHeartbeatAt: Date | null;
}

/** The one state shown for a robot: not activated, expired, unused, then online or offline. */
export function robotState(robot: RobotStateInput, now: Date): Exclude<DeviceState, 'activated'> {
  if (!robot.activated) return 'notActivated';
  if (robot.expireAt && robot.expireAt.getTime() <= now.getTime()) return 'expired';
  if (!robot.inUse) return 'unused';
  return isOnline(robot.lastHeartbeatAt, now) ? 'online' : 'offline';
}

/** Great-circle distance in km. */
export function distanceKm(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The largest amount (yuan): prices are kept in fen in integer (int4) columns, so 21,474,836.47 yuan
 * is the most a column holds. A larger amount is refused at validation, naming the field.
 */
export const AMOUNT_MAX = 21_474_836.47;

/** Amount above zero with at most 2 decimals (price per week in yuan). */
export function isValidAmount(value: number): boolean {
  return Number.isFinite(value) && value > 0 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** Yuan <-> fen (prices are stored in fen to stay exact). */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);
export const fenToYuan = (fen: number) => fen / 100;

/** Names of groups and similar: 2-15 characters after trimming. */
export const NAME_MIN = 2;
export const NAME_MAX = 15;

/** Spec section 5: Excel import limits. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_EXTENSIONS = ['.xlsx', '.xls'] as const;
export function hasImportExtension(filename: string): boolean {
  const lower = filename.toLowerCase();
  return IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}
/** A robot ID as found in an import or a request: letters, digits, dash, underscore, 4-64 chars. */
export const ROBOT_ID_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;
