import { z } from 'zod';

/** POST /api/device/v1/activate: a robot proves itself with the secret an operator issued. */
export const activateBody = z.object({
  robotId: z.string().trim().min(1).max(64),
  secret: z.string().min(8).max(200),
  appVersion: z.string().trim().max(50).optional(),
});
export const activateResult = z.object({
  token: z.string(),
  robotId: z.string(),
  heartbeatInterval: z.number().int(),
  serverTime: z.number().int(),
});

export const DEVICE_STATUSES = ['idle', 'playing', 'charging', 'moving', 'error'] as const;

/** POST /api/device/v1/heartbeat: every 30 s. */
export const heartbeatBody = z.object({
  status: z.enum(DEVICE_STATUSES),
  appVersion: z.string().trim().max(50).optional(),
  lng: z.number().min(-180).max(180).optional(),
  lat: z.number().min(-90).max(90).optional(),
  /** Free storage in bytes. */
  freeStorage: z.number().int().min(0).optional(),
});
export type HeartbeatBody = z.infer<typeof heartbeatBody>;
export const heartbeatResult = z.object({
  serverTime: z.number().int(),
  heartbeatInterval: z.number().int(),
  online: z.literal(true),
});
