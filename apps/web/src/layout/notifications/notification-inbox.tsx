import type { NotificationDto } from '@robot-ads/contracts/notifications/notifications.schemas';
import { App, Badge, Button, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAboutCancelledPlan } from './describe';
import { MessageList, NotificationDetail } from './message-list';
import { useMarkRead } from './notifications-api';

/**
 * The bell's dialog: unread/read tabs and a message's detail. Loaded when the bell is first opened (with
 * antd's Tabs and the lists), then kept, so the tab chosen stays for the next opening.
 */
export default function NotificationInbox({
  open,
  onClose,
  unread,
  badgeMax,
}: {
  open: boolean;
  onClose: () => void;
  unread: number;
  badgeMax: number;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const markRead = useMarkRead();
  const [tab, setTab] = useState<'unread' | 'read'>('unread');
  const [detail, setDetail] = useState<NotificationDto | null>(null);

  const openDetail = (msg: NotificationDto) => {
    if (isAboutCancelledPlan(msg)) {
      modal.warning({ title: t('notifications.planCancelled'), okText: t('actions.ok') });
      if (!msg.isRead) markRead.mutate(msg.id);
      return;
    }
    setDetail(msg);
    if (!msg.isRead) markRead.mutate(msg.id);
  };

  return (
    <>
      <Modal open={open} title={t('notifications.title')} footer={null} onCancel={onClose} width={640} destroyOnHidden>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as 'unread' | 'read')}
          items={[
            {
              key: 'unread',
              label: (
                <span>
                  {t('notifications.unread')} <Badge count={unread} overflowCount={badgeMax} size="small" />
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
        {detail && <NotificationDetail detail={detail} />}
      </Modal>
    </>
  );
}
