import { DELIVERY_STATES } from '@robot-ads/contracts/open-platform/open-platform.schemas';
import { App, Button, Card, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listTable } from '../../../components/list-table';
import { type DeliveryState, useDeliveries, useResendDelivery, type WebhookDelivery } from '../api/open-platform';
import { serverPaging } from '../components/server-paging';

const time = (v: number | null) => (v ? dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss') : '-');
const COLORS: Record<DeliveryState, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
  refused: 'warning',
};

/** /openPlatform/webhookDelivery: the log of webhook deliveries (newest first) with their attempts; resend. */
export default function DeliveriesPage() {
  const { t, i18n } = useTranslation('open-platform');
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const webhookId = params.get('webhookId') ?? undefined;
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [state, setState] = useState<DeliveryState | undefined>();
  const deliveries = useDeliveries({ ...page, ...(webhookId ? { webhookId } : {}), ...(state ? { state } : {}) });
  const resend = useResendDelivery();
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'zh-CN');

  return (
    <Card title={t('deliveries.title')}>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('fields.state')}
          aria-label={t('fields.state')}
          value={state}
          options={DELIVERY_STATES.map((s) => ({ value: s, label: t(`deliveries.states.${s}`) }))}
          onChange={(v) => {
            setState(v);
            setPage((p) => ({ ...p, start: 0 }));
          }}
        />
        {webhookId ? (
          <Tag
            closable
            onClose={() => {
              setParams({});
              setPage((p) => ({ ...p, start: 0 }));
            }}
          >
            {t('deliveries.oneSubscription')}
          </Tag>
        ) : null}
      </Space>
      <Table<WebhookDelivery>
        rowKey="id"
        dataSource={deliveries.data?.datas ?? []}
        pagination={serverPaging(page, deliveries.data?.total, setPage)}
        {...listTable<WebhookDelivery>(
          [
            { title: t('fields.created'), dataIndex: 'createTime', size: 'time', render: time },
            {
              title: t('fields.event'),
              dataIndex: 'event',
              size: 'text',
              render: (v: string) => <Tag>{t(`webhooks.events.${v}`, { defaultValue: v })}</Tag>,
            },
            // The address cut to the width of a text (the whole of it on hover): at 1280 px in English the
            // long size pushed the last error under the fixed actions column.
            { title: t('fields.url'), dataIndex: 'url', size: 'text' },
            {
              title: t('fields.state'),
              dataIndex: 'state',
              size: 'tag',
              render: (v: DeliveryState) => <Tag color={COLORS[v]}>{t(`deliveries.states.${v}`)}</Tag>,
            },
            {
              title: t('fields.attempts'),
              dataIndex: 'attempts',
              size: 'number',
              render: (v: number) => number.format(v),
            },
            {
              title: t('fields.responseCode'),
              dataIndex: 'lastStatus',
              size: 'number',
              render: (v: number | null) => (v === null ? '-' : String(v)),
            },
            // One line (the whole error on hover): the response code beside it says the most.
            { title: t('fields.lastError'), dataIndex: 'lastError', size: 'text', render: (v: string) => v || '-' },
            { title: t('fields.delivered'), dataIndex: 'deliveredTime', size: 'time', render: time, minScreen: 1440 },
            {
              title: t('fields.actions'),
              key: 'actions',
              size: 'actions',
              width: 120,
              render: (_: unknown, d) => (
                <Button
                  size="small"
                  loading={resend.isPending && resend.variables === d.id}
                  onClick={async () => {
                    await resend.mutateAsync(d.id);
                    message.success(t('deliveries.resent'));
                  }}
                >
                  {t('deliveries.resend')}
                </Button>
              ),
            },
          ],
          {
            query: deliveries,
            empty: { filtered: Boolean(state || webhookId), hint: t('deliveries.emptyHint') },
          },
        )}
      />
    </Card>
  );
}
