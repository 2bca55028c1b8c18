import { PUBLISH_STATES, type PublishState } from '@robot-ads/contracts/publishing/delivery-status.rules';
import { Button, Card, DatePicker, Input, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listTable } from '../../../components/list-table';
import { RegionCascader, regionFilter } from '../../../components/region-cascader';
import { PublishStateTag } from '../../../components/status-tag';
import { regionText } from '../../../lib/regions';
import { formatTime } from '../../../lib/time';
import { useCustomerOptions } from '../api/plans';
import { type InfoFilter, type InfoRow, usePublishInfo } from '../api/publish-info';

type TextFilter = 'name' | 'robotId';
const TEXT_FILTERS: ReadonlyArray<{ key: TextFilter; label: string }> = [
  { key: 'name', label: 'fields.planName' },
  { key: 'robotId', label: 'fields.robotId' },
];

/** A date and time in the browser's time zone, the same in both languages; '-' when there is none. */
function dateTime(seconds: number | null): string {
  return seconds ? formatTime(seconds) : '-';
}

/** Empty text filters are dropped; the rest are trimmed. */
function cleaned(f: InfoFilter): InfoFilter {
  const out: InfoFilter = { ...f };
  for (const { key } of TEXT_FILTERS) out[key] = f[key]?.trim() || undefined;
  return out;
}

/**
 * /publish/info (delivery info): every publish record the operator may see, one row per plan and device,
 * with its state, publish and pull times, customer, device, region and property. Paged and filtered on
 * the server; the plan name opens the plan's delivery details.
 */
export default function PublishInfoPage() {
  const { t } = useTranslation('delivery');
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [draft, setDraft] = useState<InfoFilter>({});
  const [filter, setFilter] = useState<InfoFilter>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [customerSearch, setCustomerSearch] = useState('');
  const customers = useCustomerOptions(customerSearch, true);
  const records = usePublishInfo({ ...page, ...filter });

  const apply = (next: InfoFilter = draft) => {
    setFilter(cleaned(next));
    setPage((p) => ({ ...p, start: 0 }));
  };
  /** Selections apply at once; typed text on Enter or Search. */
  const pick = (patch: InfoFilter) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    apply(next);
  };

  return (
    <Card title={t('info.title')}>
      <Space style={{ marginBottom: 16 }} wrap>
        {TEXT_FILTERS.map(({ key, label }) => (
          <Input
            key={key}
            allowClear
            style={{ width: 160 }}
            placeholder={t(label)}
            aria-label={t(label)}
            value={draft[key] ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
            onPressEnter={() => apply()}
          />
        ))}
        <div style={{ width: 220 }}>
          {/* Province / city from the region list; the server filters on the stored (Chinese) names. */}
          <RegionCascader
            depth={2}
            aria-label={t('fields.region')}
            placeholder={t('fields.region')}
            value={{ province: draft.province, city: draft.city }}
            onChange={(names) => {
              const { province, city } = regionFilter(names);
              pick({ province, city });
            }}
          />
        </div>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('fields.publishState')}
          aria-label={t('fields.publishState')}
          value={draft.state}
          onChange={(state?: PublishState) => pick({ state })}
          options={PUBLISH_STATES.map((v) => ({ value: v, label: t(`publishState.${v}`) }))}
        />
        <Select
          allowClear
          showSearch
          filterOption={false}
          style={{ width: 180 }}
          placeholder={t('fields.client')}
          aria-label={t('fields.client')}
          value={draft.clientId}
          onSearch={setCustomerSearch}
          onChange={(clientId?: string) => pick({ clientId })}
          options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <DatePicker.RangePicker
          aria-label={t('fields.pubTime')}
          placeholder={[t('info.pubFrom'), t('info.pubTo')]}
          value={range}
          onChange={(value) => {
            setRange(value);
            pick({
              beginTime: value?.[0]?.startOf('day').unix(),
              endTime: value?.[1]?.endOf('day').unix(),
            });
          }}
        />
        <Button type="primary" onClick={() => apply()}>
          {t('common.search')}
        </Button>
      </Space>
      <Table<InfoRow>
        rowKey="id"
        dataSource={records.data?.datas ?? []}
        pagination={{
          current: page.start / page.limit + 1,
          pageSize: page.limit,
          total: records.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('info.total', { count: total }),
          onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
        }}
        {...listTable<InfoRow>(
          [
            {
              title: t('fields.planName'),
              dataIndex: 'playlistName',
              size: 'name',
              fixed: 'left',
              render: (v: string, r) => <Link to={`/ad/publishDetail?detailId=${r.playlistId}`}>{v}</Link>,
            },
            {
              title: t('fields.client'),
              dataIndex: 'clientName',
              size: 'name',
              render: (v: string | null) => v ?? '-',
            },
            { title: t('fields.robotId'), dataIndex: 'robotId', size: 'code' },
            { title: t('fields.robotName'), dataIndex: 'name', size: 'name' },
            {
              title: t('fields.region'),
              key: 'region',
              size: 'text',
              // Wide enough for 广东省 深圳市 南山区 / "Guangdong, Shenzhen, Nanshan District" (else cut to "广东省 深…").
              width: 200,
              render: (_: unknown, r) => regionText(r, '-'),
            },
            {
              title: t('fields.property'),
              dataIndex: 'propertyname',
              size: 'name',
              render: (v: string | null) => v ?? '-',
            },
            {
              title: t('fields.publishState'),
              dataIndex: 'state',
              size: 'tag',
              render: (v: string, r) => <PublishStateTag state={v} failMsg={r.failMsg} cancelReason={r.cancelReason} />,
            },
            { title: t('fields.pubTime'), dataIndex: 'pubTime', size: 'time', render: dateTime },
            { title: t('fields.pullTime'), dataIndex: 'pullTime', size: 'time', render: dateTime },
          ],
          {
            query: records,
            empty: {
              filtered: Object.values(filter).some((v) => v !== undefined),
              hint: t('empty.info.hint'),
              who: t('empty.info.who'),
            },
          },
        )}
      />
    </Card>
  );
}
