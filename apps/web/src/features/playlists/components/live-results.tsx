import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { connectLive } from '../../../layout/notifications/live-socket';

/**
 * For accounts without the notification bell (advertisers, spec section 6): review results and pull
 * rates arrive live on the plan pages as a notice, and the lists refresh.
 */
export function LiveResults() {
  const { t } = useTranslation('delivery');
  const { notification } = App.useApp();
  const client = useQueryClient();
  useEffect(
    () =>
      connectLive({
        onMessage: (m) => {
          client.invalidateQueries({ queryKey: ['playlists'] });
          const name = String(m.data.name ?? '');
          if (m.name === 'playlist.audit.result') {
            const approved = m.data.state === 'post';
            // Stays until closed: a review result is worth reading even when it arrives unwatched.
            notification.open({
              type: approved ? 'success' : 'warning',
              duration: 0,
              message: t('live.auditTitle'),
              description: t(approved ? 'live.approved' : 'live.rejected', {
                name,
                type: t(`applicationType.${String(m.data.type ?? 'apply')}`),
                note: String(m.data.note ?? ''),
              }),
            });
          } else if (m.name === 'playlist.pulled.ratio') {
            notification.info({
              message: t('live.pulledTitle'),
              description: t('live.pulled', { name, ratio: Math.round(Number(m.data.ratio ?? 0) * 1000) / 10 }),
            });
          }
        },
        onRead: () => {},
        onExpired: () => {},
        onUnknown: () => {},
      }),
    [client, notification, t],
  );
  return null;
}
