import { type OpenApiDoc, SECURITY_SCHEMES } from '../../platform/openapi/document';
import { subsetDocument } from '../../platform/openapi/subset';

/** Where the server answers the device document (public, like /api/docs/json). */
export const DEVICE_DOCUMENT_PATH = '/api/device/openapi.json';

/** The device protocol's version: /api/device/v1 (docs/device-protocol.md). */
export const DEVICE_PROTOCOL_VERSION = '1.0.0';

/**
 * The device protocol alone (/api/device/v1), with its device-token security: what a robot vendor feeds
 * to a generator (packages/sdk/openapi/device.json is its committed copy; the player and the simulator
 * use the types generated from it).
 */
export function deviceDocument(full: OpenApiDoc): OpenApiDoc {
  const doc = subsetDocument(full, {
    info: {
      title: 'robot-ads device protocol',
      version: DEVICE_PROTOCOL_VERSION,
      description:
        'What a robot (or kiosk) calls: activation with its one-time secret, then heartbeats, schedule polls, ' +
        'play events and shooting tasks with its device token. docs/device-protocol.md.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    keep: (key) => key.split(' ')[1]!.startsWith('/api/device/v1/'),
    security: [{ deviceToken: [] }],
    securitySchemes: { deviceToken: SECURITY_SCHEMES.deviceToken },
  });
  // Activation proves itself with the robot's one-time secret (it answers the token).
  for (const op of Object.values(doc.paths['/api/device/v1/activate'] ?? {})) op.security = [];
  return doc;
}
