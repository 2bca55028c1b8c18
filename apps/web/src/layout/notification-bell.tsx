import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localLogout } from '../app/auth';
import { useFeedback } from '../lib/feedback';
import { describeNotification } from './notifications/describe';
import { connectLive } from './notifications/live-socket';
import { notificationsKey, useUnreadCount } from './notifications/notifications-api';
import { TopbarButton } from './topbar-button';

/** Spec section 9: the badge shows 99+ above 99. */
export const BADGE_MAX = 99;

// The dialog (antd Modal and Tabs, the lists with List, Pagination and its Select, the detail's Descriptions)
// loads when the bell is first opened.
const NotificationInbox = lazy(() => import('./notifications/notification-inbox'));

/** The bell (super, administrator, project): unread badge, unread/read tabs, detail, live updates. */
export default function NotificationBell() {
  const { t } = useTranslation();
  const { modal, notification } = useFeedback();
  const client = useQueryClient();
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  useEffect(
    () =>
      connectLive({
        onMessage: (msg) => {
          void client.invalidateQueries({ queryKey: notificationsKey });
          const { title, text } = describeNotification(t, msg);
          notification.info({ title, description: text, placement: 'topRight' });
        },
        onRead: () => void client.invalidateQueries({ queryKey: notificationsKey }),
        onExpired: () =>
          modal.warning({
            title: t('errors.permissionExpired'),
            okText: t('actions.ok'),
            onOk: () => localLogout(),
            afterClose: () => localLogout(),
          }),
        onUnknown: () => modal.warning({ title: t('errors.unknownMessage'), okText: t('actions.ok') }),
      }),
    [client, modal, notification, t],
  );

  const label = t('notifications.bell', { count: unread });
  return (
    <>
      <TopbarButton
        label={label}
        tooltip={t('notifications.title')}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        data-testid="notification-bell"
      >
        <Badge count={unread} overflowCount={BADGE_MAX} size="small" offset={[4, -2]}>
          <BellOutlined className="ra-bell-icon" />
        </Badge>
      </TopbarButton>
      {opened && (
        <Suspense fallback={null}>
          <NotificationInbox open={open} onClose={() => setOpen(false)} unread={unread} badgeMax={BADGE_MAX} />
        </Suspense>
      )}
    </>
  );
}
