import { TIME_FORMAT } from '@robot-ads/contracts/common/time';
import type { NotificationDto } from '@robot-ads/contracts/notifications/notifications.schemas';
import { App, Button, Descriptions, Empty, List, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeAgo } from '../../lib/time-ago';
import { describeNotification } from './describe';
import { NOTIFICATION_PAGE_SIZE, useMarkRead, useMessages } from './notifications-api';

/** One tab of the bell's dialog: the unread or the read messages, paged on the server. */
export function MessageList({
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

/** The bell's detail dialog body: kind, text, plan, time and the reviewer's note. */
export function NotificationDetail({ detail }: { detail: NotificationDto }) {
  const { t } = useTranslation();
  return (
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
  );
}
