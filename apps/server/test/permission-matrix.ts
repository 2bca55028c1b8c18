import type { Role } from '@robot-ads/contracts/auth/roles';

/**
 * Who may call every route: one line per route, `'<METHOD> <url as registered>': access`.
 * A new route without a line here fails permission-matrix.int.test.ts; so does a line that
 * disagrees with the route's `config` (public / device / roles / rootOnly).
 *
 * PUBLIC: no login. DEVICE: device token (devices module). ANY: every logged-in user.
 * ROOT: principals root or admin (config.rootOnly). An array: only those roles.
 */
export const PUBLIC = 'public' as const;
export const DEVICE = 'device' as const;
export const ANY = 'any' as const;
export const ROOT = 'root' as const;
export type Access = typeof PUBLIC | typeof DEVICE | typeof ANY | typeof ROOT | readonly Role[];

const OPS: readonly Role[] = ['super', 'administrator', 'operator'];
const OPS_PROJECT: readonly Role[] = [...OPS, 'project'];
const OPS_ADV: readonly Role[] = [...OPS, 'advertisers', 'advertisers_special'];
const ALL_BUT_HIDE: readonly Role[] = [...OPS, 'project', 'advertisers', 'advertisers_special'];

export const PERMISSIONS: Record<string, Access> = {
  // ---- system ----
  'GET /api/health': PUBLIC,
  'GET /metrics': PUBLIC,

  // ---- auth ----
  'POST /api/Users/v2_2_login': PUBLIC,
  'POST /api/Users/advertiser_login': PUBLIC,
  'POST /api/Proprietors/login': PUBLIC,
  'GET /api/Users/captcha': PUBLIC,
  'POST /api/blade-auth/oauth/token': PUBLIC,
  'POST /api/Users/logout': PUBLIC,
  'POST /api/Users/advertiser_logout': PUBLIC,
  'POST /api/blade-auth/oauth/logout': PUBLIC,
  'POST /api/Users/reset': ANY,
  'POST /api/Users/authentication': ANY,
  'GET /api/blade-system/menu/routes': ANY,
  'GET /api/blade-system/menu/buttons': ANY,

  // ---- accounts ----
  'GET /api/Users/current': ANY,
  'GET /api/Users': OPS,
  'GET /api/Users/queryByPage': OPS,
  'GET /api/Users/children': OPS,
  'GET /api/Users/V3_childProjectAccounts': OPS,
  'GET /api/Users/V3_childAdministratorsAccounts': OPS,
  'GET /api/Users/:id': ANY,
  'PUT /api/Users': ANY,
  'POST /api/Users': ['super', 'administrator'],
  'POST /api/Users/resetPassword': ['super', 'administrator'],
  'POST /api/Users/status': ['super', 'administrator'],
  'GET /api/Proprietors/updateContact': OPS_PROJECT,
  'GET /api/Proprietors/reviewScope': OPS_PROJECT,
  'PUT /api/Proprietors/reviewScope': OPS,
  'PUT /api/Users/:id': ['super', 'administrator'],
  'DELETE /api/Users/:id': ['super', 'administrator'],
  'GET /api/AdvertiserUsers': OPS,
  'GET /api/AdvertiserUsers/queryUserByPage': OPS,
  'GET /api/AdvertiserUsers/findByUserId': OPS,
  'GET /api/AdvertiserUsers/:id': ANY,
  'POST /api/AdvertiserUsers': OPS,
  'PUT /api/AdvertiserUsers': OPS,
  'DELETE /api/AdvertiserUsers/:id': OPS,
  'GET /api/AdvertiserUsers/advertiserSendCode': PUBLIC,
  'GET /api/AdvertiserUsers/2AFConfig': OPS_ADV,
  'GET /api/AdvertiserUsers/2AFConfigByPage': OPS,
  'GET /api/AdvertiserUsers/2AFConfigUpsert': OPS,
  'POST /api/AdvertiserUsers/2AFConfigUpsert': OPS,

  // ---- customers ----
  'GET /api/Customers': OPS_ADV,
  'GET /api/Customers/findAll': OPS_ADV,
  'GET /api/Customers/:id': OPS_ADV,
  'POST /api/Customers': OPS,
  'PUT /api/Customers': OPS,
  'DELETE /api/Customers/:id': OPS,
  'GET /api/Customers/mainInfo': OPS_ADV,
  'PUT /api/Customers/mainInfo': OPS_ADV,
  'POST /api/Customers/mainInfo/apply': OPS_ADV,
  'GET /api/CustomerAudits/queryByPage': ROOT,
  'GET /api/CustomerAudits/queryApplyByPage': OPS_ADV,
  'GET /api/CustomerAudits/:id': OPS_ADV,
  'POST /api/CustomerAudits/pass': ROOT,
  'POST /api/CustomerAudits/reject': ROOT,

  // ---- front-end error log ----
  'POST /api/ErrorLogs': PUBLIC,
  'GET /api/ErrorLogs': ROOT,

  // ---- notifications ----
  'GET /api/Notifies/queryMessage': ANY,
  'POST /api/Notifies/readMessage': ANY,

  // ---- media, resources, advertisements: materials belong to operators and advertisers ----
  'GET /api/Media/oss': OPS_ADV,
  'POST /api/Media': OPS_ADV,
  'POST /api/Media/batch': OPS_ADV,
  'GET /api/Media/:id': OPS_ADV,
  'DELETE /api/Media/:id': OPS_ADV,
  'POST /api/Media/upload': PUBLIC,
  'GET /api/Media/file/*': PUBLIC,

  // ---- resources ----
  'GET /api/Resources/queryByPage_admin': OPS_ADV,
  'GET /api/Resources/findKinds': OPS_ADV,
  'GET /api/Resources/findByKind_admin': OPS_ADV,
  'GET /api/Resources/video/toImage': OPS_ADV,
  'GET /api/Resources/video/findById': OPS_ADV,
  'GET /api/Resources/:id': OPS_ADV,
  'POST /api/Resources': OPS_ADV,
  'PUT /api/Resources': OPS_ADV,
  'DELETE /api/Resources/:id': OPS_ADV,

  // ---- advertisements ----
  'GET /api/Advertisements/queryByPage_admin': OPS_ADV,
  'GET /api/Advertisements/queryByCondition_admin': OPS_ADV,
  'POST /api/Advertisements/querysByIds': OPS_ADV,
  'GET /api/Advertisements/:id': OPS_ADV,
  'POST /api/Advertisements': OPS_ADV,
  'PUT /api/Advertisements': OPS_ADV,
  'DELETE /api/Advertisements/:id': OPS_ADV,

  // ---- devices, projects, proprietors ----
  'GET /api/Devices/queryRobotInfo': ALL_BUT_HIDE,
  'GET /api/Devices/robotBaseInfo': ALL_BUT_HIDE,
  'POST /api/Devices': OPS,
  'POST /api/Devices/setInfo': OPS_PROJECT,
  'POST /api/Devices/setPrice': OPS,
  'POST /api/Devices/cacheUpdate': OPS,
  'POST /api/Devices/activationSecret': OPS,
  'POST /api/Devices/revokeToken': OPS,
  'POST /api/Devices/exportRobotInfo': OPS_PROJECT,
  'GET /api/Devices/queryExportState': ALL_BUT_HIDE,
  'GET /api/Devices/exportFile': ALL_BUT_HIDE,
  'GET /api/Devices/importTemplate': ALL_BUT_HIDE,
  'POST /api/Devices/importCheck': ALL_BUT_HIDE,
  'GET /api/StatisDevices/queryRobotInfo': OPS_PROJECT,
  'GET /api/StatisDevices/queryRobotInfoSimple': OPS_PROJECT,
  'GET /api/Devices/types': ALL_BUT_HIDE,
  'GET /api/Devices/queryDeliveryInfo': OPS_PROJECT,
  'POST /api/Affiliates/importScenes': OPS,
  'POST /api/Affiliates/importAdBlacklist': OPS,
  'GET /api/Affiliates/findScenes': ALL_BUT_HIDE,
  'GET /api/Projects/findAll': ALL_BUT_HIDE,
  'GET /api/Projects/types': ALL_BUT_HIDE,
  'GET /api/Proprietors/queryProject': OPS_PROJECT,
  'GET /api/Proprietors/querybypage': OPS_PROJECT,
  'GET /api/Proprietors/queryRobotsByPage': OPS_PROJECT,
  'POST /api/Proprietors/createMultiple': OPS,
  'POST /api/Proprietors/update': OPS,
  'DELETE /api/Proprietors/:id': OPS,
  'GET /api/Proprietors/authorization': OPS,
  'POST /api/Proprietors/authorization/add': OPS,
  'POST /api/Proprietors/authorization/open': OPS,
  'POST /api/Proprietors/authorization/remove': OPS,

  // ---- ad groups ----
  'GET /api/AdvertGroups': ALL_BUT_HIDE,
  'GET /api/AdvertGroups/queryRangeByPage': ALL_BUT_HIDE,
  'GET /api/AdvertGroups/queryRobotlist': ALL_BUT_HIDE,
  'GET /api/AdvertGroups/exportRobotInfo': ALL_BUT_HIDE,
  'GET /api/AdvertGroups/queryExportState': ALL_BUT_HIDE,
  'POST /api/AdvertGroups/importCheck': ALL_BUT_HIDE,
  'GET /api/AdvertGroups/:id': ALL_BUT_HIDE,
  'POST /api/AdvertGroups': ALL_BUT_HIDE,
  'PUT /api/AdvertGroups': ALL_BUT_HIDE,
  'DELETE /api/AdvertGroups/:id': ALL_BUT_HIDE,

  // ---- device protocol ----
  'POST /api/device/v1/activate': DEVICE,
  'POST /api/device/v1/heartbeat': DEVICE,

  // ---- added from the routes' own config (their owners keep these lines) ----
  'GET /api/device/v1/schedule': DEVICE,
  'POST /api/device/v1/schedule/ack': DEVICE,
  'POST /api/device/v1/events': DEVICE,
  'GET /api/Schedules/nowPlaying': ANY,
  'GET /api/Playlists/queryByPage_v3': ANY,
  'GET /api/Playlists/queryByCondition': ANY,
  'GET /api/Playlists/queryOnlineAdvertising': ANY,
  'GET /api/Playlists/queryHistoryPublish': ANY,
  'GET /api/Playlists/getPlayingModes': ANY,
  'GET /api/Playlists/queryClientAndAdByPlaylistId': ANY,
  'GET /api/Playlists/:id': ANY,
  'GET /api/Publishes/obtainPlaylistByplayId': ANY,
  'POST /api/Playlists': OPS_ADV,
  'PUT /api/Playlists': OPS_ADV,
  'DELETE /api/Playlists/:id': OPS_ADV,
  'POST /api/Playlists/publishWithRobots': OPS,
  'POST /api/Playlists/publishWithAdGroups': OPS,
  'POST /api/Playlists/publishWithAccount': OPS,
  'POST /api/Playlists/publishWithMode': OPS,
  'POST /api/Playlists/cancelPlayListByrobots': OPS,
  'POST /api/Playlists/cancelPlayListByAccounts': OPS,
  'GET /api/Publishes/query': ANY,
  'GET /api/Publishes/queryDetailByPlaylistId': ANY,
  'GET /api/Publishes/queryPostByPlaylistId': ANY,
  'GET /api/Publishes/getCancelTimeByPlaylistId': ANY,
  'GET /api/Publishes/deleteCheck': ANY,
  'DELETE /api/Publishes/:id': OPS,
  'GET /api/Publishes/queryAccountsByCondition': OPS,
  'GET /api/Publishes/queryNumberOfRobotWithAccounts': OPS,
  'GET /api/Publishes/failedReport': ANY,
  'GET /api/Publishes/queryBycondition': OPS,
  'POST /api/Publishes/queryPublishByImport': OPS,
  'POST /api/Publishes/cancelPublishByImport': OPS,
  'GET /api/Publishes/exportDetailByPlaylistId': ANY,
  'GET /api/Publishes/queryExportState': ANY,
  'GET /api/Publishes/exportFile': ANY,
  'GET /api/Publishes/consume': ANY,
  'GET /api/Publishes/consumeExportAndProgress': ANY,
  'GET /api/Controls/adPublishByPlaylistId': OPS,
  'POST /api/Ad_Audits': OPS_ADV,
  'GET /api/Ad_Audits/queryByPage': ANY,
  'POST /api/Ad_Audits/queryByPage': ANY,
  'GET /api/Ad_Audits/:id': ANY,
  'POST /api/Ad_Audits/confirm': OPS_PROJECT,
  'POST /api/Ad_Audits/reject': OPS_PROJECT,
  'POST /api/Ad_Audits/reapply': OPS_ADV,
  'POST /api/Ad_Audits/applyUpdate': OPS_ADV,
  'POST /api/Ad_Audits/applyCancel': OPS_ADV,
  'DELETE /api/Ad_Audits/:id': ANY,
  'POST /api/Ad_Audits/createCancel': OPS_ADV,
  'POST /api/Ad_Audits/createCancelByRobotId': OPS_ADV,
  'POST /api/Ad_Audits/createCancelAll': OPS_ADV,
  'GET /api/Ad_Audits/getRobotsByAd_auditId': ANY,
  'GET /api/Ad_Audits/obtailRobotExist': ANY,
  'GET /api/Ad_Audits/obtailRobot_ByPlaylistId': ANY,
  'POST /api/Ad_Audits/exportAd_audit': ALL_BUT_HIDE,
  'GET /api/Ad_Audits/queryExportAd_audit': ALL_BUT_HIDE,
  'GET /api/Ad_Audits/queryCheckResult': ALL_BUT_HIDE,
};
