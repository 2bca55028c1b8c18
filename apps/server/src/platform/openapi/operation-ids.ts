/**
 * Stable operationIds: derived from method and path (`GET /api/Playlists/{id}` → `getPlaylistsById`), so a
 * route keeps its name as long as it keeps its method and path. The calls partners and robots make are
 * named by hand (their generated clients are read by people outside).
 */
const NAMED: Record<string, string> = {
  // The open platform (partners).
  'POST /api/blade-auth/oauth/token': 'issueToken',
  'GET /api/OpenPlatform/openapi.json': 'getPartnerOpenApi',
  'GET /api/OpenPlatform/public/openapi.json': 'getPublicPartnerOpenApi',
  'GET /api/Playlists/queryByPage_v3': 'listPlans',
  'GET /api/Devices/queryRobotInfo': 'listRobots',
  'GET /api/Orders/queryByPage': 'listOrders',
  'GET /api/Advertisements/statisticsByProvince': 'getPlanStatisticsByProvince',
  'GET /api/Advertisements/statisticsDaysByPlaylistId': 'getPlanStatisticsByDay',
  'GET /api/Advertisements/statisticsWeekByPlaylistId': 'getPlanStatisticsByWeek',
  'GET /api/Advertisements/statisticsMonthByPlaylistId': 'getPlanStatisticsByMonth',
  // The device protocol (robots).
  'GET /api/device/openapi.json': 'getDeviceOpenApi',
  'POST /api/device/v1/activate': 'activateDevice',
  'POST /api/device/v1/heartbeat': 'sendHeartbeat',
  'GET /api/device/v1/schedule': 'getSchedule',
  'POST /api/device/v1/schedule/ack': 'ackSchedule',
  'POST /api/device/v1/events': 'sendPlayEvents',
  'GET /api/device/v1/shootTasks': 'listShootTasks',
  'POST /api/device/v1/shootTasks/ack': 'ackShootTasks',
  'POST /api/device/v1/shootTasks/uploadCredentials': 'getShootUploadCredentials',
  'POST /api/device/v1/shootTasks/photo': 'uploadShootPhoto',
  'POST /api/device/v1/shootTasks/fail': 'failShootTask',
  // Plain names where the derived one reads badly.
  'GET /api/health': 'getHealth',
  'GET /q/{code}': 'openQrCode',
  'GET /api/Media/file/{path}': 'getMediaFile',
};

const VERBS: Record<string, string> = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete', PATCH: 'patch' };

/** `queryByPage_v3` → `QueryByPageV3`; `blade-system` → `BladeSystem`; `statement.pdf` → `StatementPdf`. */
function pascal(segment: string): string {
  return segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** The operationId of `METHOD path` (path as the OpenAPI document writes it, `{param}`). */
export function operationIdOf(method: string, path: string): string {
  const upper = method.toUpperCase();
  const named = NAMED[`${upper} ${path}`];
  if (named) return named;
  const segments = path.split('/').filter((s) => s && s !== 'api');
  const statics = segments.filter((s) => !s.startsWith('{'));
  const params = segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
  // POST/PUT on a collection itself create and update its item.
  let verb = VERBS[upper] ?? upper.toLowerCase();
  if (statics.length === 1 && params.length === 0 && upper === 'POST') verb = 'create';
  if (statics.length === 1 && params.length === 0 && upper === 'PUT') verb = 'update';
  const words = segments.map((s) => (s.startsWith('{') ? `By${pascal(s.slice(1, -1))}` : pascal(s)));
  return `${verb}${words.join('')}`;
}
