import { BellOutlined } from '@ant-design/icons';
import { TIME_FORMAT } from '@robot-ads/contracts/common/time';
import type { NotificationDto } from '@robot-ads/contracts/notifications/notifications.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Descriptions, Empty, List, Modal, Tabs, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localLogout } from '../app/auth';
import { formatTimeAgo } from '../lib/time-ago';
import { describeNotification, isAboutCancelledPlan } from './notifications/describe';
import { connectLive } from './notifications/live-socket';
import {
  NOTIFICATION_PAGE_SIZE,
  notificationsKey,
  useMarkRead,
  useMessages,
  useUnreadCount,
} from './notifications/notifications-api';

/** Spec section 9: the badge shows 99+ above 99. */
export const BADGE_MAX = 99;

function MessageList({
  isRead,
  onOpen,
  active,
}: {
  isRead: boolean;
  onOpen: (m: NotificationDto) => void;
  active: boolean;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(NOTIFICATION_PAGE_SIZE);
  const { data, isLoading } = useMessages(isRead, page, pageSize, active);
  const markRead = useMarkRead();
  const { message } = App.useApp();
  return (
    <List
      loading={isLoading}
      dataSource={data?.data ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} /> }}
      pagination={
        (data?.total ?? 0) > 0
          ? {
              current: page,
              pageSize,
              total: data?.total ?? 0,
              size: 'small',
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50],
              onChange: (next, size) => {
                setPage(size !== pageSize ? 1 : next);
                setPageSize(size);
              },
            }
          : false
      }
      renderItem={(item) => {
        const { title, text } = describeNotification(t, item);
        return (
          <List.Item
            className={`ra-bell-item${item.isRead ? '' : ' is-unread'}`}
            data-message-id={item.id}
            actions={
              item.isRead
                ? []
                : [
                    <Button
                      key="read"
                      size="small"
                      type="link"
                      loading={markRead.isPending && markRead.variables === item.id}
                      onClick={() =>
                        markRead.mutate(item.id, { onError: () => message.error(t('notifications.readFailed')) })
                      }
                    >
                      {t('notifications.markRead')}
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={
                <button type="button" className="ra-link-button ra-bell-title" onClick={() => onOpen(item)}>
                  {title}
                </button>
              }
              description={
                <>
                  <div>{text}</div>
                  <Typography.Text type="secondary" className="ra-bell-time">
                    {formatTimeAgo(t, item.createtime)}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        );
      }}
    />
  );
}

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
              children: <MessageList isRead={false} onOpen={openDetail} active={tab === 'unread'} />,
            },
            {
              key: 'read',
              label: t('notifications.read'),
              children: <MessageList isRead onOpen={openDetail} active={tab === 'read'} />,
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
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'kind', label: t('notifications.title'), children: describeNotification(t, detail).title },
              { key: 'text', label: t('notifications.detail'), children: describeNotification(t, detail).text },
              { key: 'plan', label: t('notifications.plan'), children: String(detail.data.name ?? '') },
              {
                key: 'time',
                label: t('notifications.time'),
                children: dayjs.unix(detail.createtime).format(TIME_FORMAT),
              },
              ...(detail.data.note
                ? [{ key: 'note', label: t('notifications.note'), children: String(detail.data.note) }]
                : []),
            ]}
          />
        )}
      </Modal>
    </>
  );
}
