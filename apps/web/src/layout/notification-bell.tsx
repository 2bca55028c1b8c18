import { BellOutlined } from '@ant-design/icons';
import type { NotificationDto } from '@robot-ads/contracts/notifications/notifications.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Modal, Tabs, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localLogout } from '../app/auth';
import { describeNotification, isAboutCancelledPlan } from './notifications/describe';
import { connectLive } from './notifications/live-socket';
import { notificationsKey, useMarkRead, useUnreadCount } from './notifications/notifications-api';

/** Spec section 9: the badge shows 99+ above 99. */
export const BADGE_MAX = 99;

// The lists and the detail (antd List, Pagination with its Select, Descriptions) load when the bell is opened.
const MessageList = lazy(() => import('./notifications/message-list').then((m) => ({ default: m.MessageList })));
const NotificationDetail = lazy(() =>
  import('./notifications/message-list').then((m) => ({ default: m.NotificationDetail })),
);

/** The bell (super, administrator, project): unread badge, unread/read tabs, detail, live updates. */
export default function NotificationBell() {
  const { t } = useTranslation();
  const { modal, notification } = App.useApp();
  const client = useQueryClient();
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'unread' | 'read'>('unread');
  const [detail, setDetail] = useState<NotificationDto | null>(null);

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

  const openDetail = (msg: NotificationDto) => {
    if (isAboutCancelledPlan(msg)) {
      modal.warning({ title: t('notifications.planCancelled'), okText: t('actions.ok') });
      if (!msg.isRead) markRead.mutate(msg.id);
      return;
    }
    setDetail(msg);
    if (!msg.isRead) markRead.mutate(msg.id);
  };

  const label = t('notifications.bell', { count: unread });
  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <Button
          type="text"
          className="ra-topbar-btn"
          aria-label={label}
          onClick={() => setOpen(true)}
          data-testid="notification-bell"
        >
          <Badge count={unread} overflowCount={BADGE_MAX} size="small" offset={[4, -2]}>
            <BellOutlined className="ra-bell-icon" />
          </Badge>
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title={t('notifications.title')}
        footer={null}
        onCancel={() => setOpen(false)}
        width={640}
        destroyOnHidden
      >
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as 'unread' | 'read')}
          items={[
            {
              key: 'unread',
              label: (
                <span>
                  {t('notifications.unread')} <Badge count={unread} overflowCount={BADGE_MAX} size="small" />
                </span>
              ),
              children: (
                <Suspense fallback={null}>
                  <MessageList isRead={false} onOpen={openDetail} active={tab === 'unread'} />
                </Suspense>
              ),
            },
            {
              key: 'read',
              label: t('notifications.read'),
              children: (
                <Suspense fallback={null}>
                  <MessageList isRead onOpen={openDetail} active={tab === 'read'} />
                </Suspense>
              ),
            },
          ]}
        />
      </Modal>
      <Modal
        open={detail !== null}
        title={t('notifications.detail')}
        onCancel={() => setDetail(null)}
        footer={<Button onClick={() => setDetail(null)}>{t('actions.close')}</Button>}
        destroyOnHidden
      >
        {detail && (
          <Suspense fallback={null}>
            <NotificationDetail detail={detail} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
