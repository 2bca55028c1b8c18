// Every table of every module, assembled by the composition root for drizzle-kit (drizzle.config.ts): the
// one schema migrations are generated from. db/ knows no module; queries use the tables themselves.

export * from './modules/accounts/accounts.table';
export * from './modules/ad-groups/ad-groups.table';
export * from './modules/admin/admin.table';
export * from './modules/ads/ads.table';
export * from './modules/audit-log/audit-log.table';
export * from './modules/auth/auth.table';
export * from './modules/certificates/certificates.table';
export * from './modules/customers/customers.table';
export * from './modules/devices/devices.table';
export * from './modules/media/media.table';
export * from './modules/notifications/notifications.table';
export * from './modules/open-platform/open-platform.table';
export * from './modules/play-events/play-events.table';
export * from './modules/playlists/playlists.table';
export * from './modules/publishing/publishing.table';
export * from './modules/resources/resources.table';
export * from './modules/reviews/reviews.table';
export * from './modules/sales/sales.table';
export * from './modules/shooting/shooting.table';
export * from './modules/statistics/statistics.table';
export * from './modules/system/system.table';
export * from './modules/system-logs/system-logs.table';
export * from './modules/two-factor/two-factor.table';
export * from './modules/wechat/wechat.table';
