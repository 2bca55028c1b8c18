import { Card, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdsByCondition } from '../api/ads';
import { AdsTable } from '../components/ads-table';

/** /ad/List_v1: the ad list by name (queryByCondition_admin), with previews in the robot frame. */
export default function AdsV1Page() {
  const { t } = useTranslation('ads');
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [name, setName] = useState<string | undefined>();
  const [nameInput, setNameInput] = useState('');
  const ads = useAdsByCondition({ ...page, name });

  return (
    <Card title={t('v1Title')}>
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('fields.name')}
          placeholder={t('fields.name')}
          value={nameInput}
          onChange={(e) => setNameInput(e.target.value)}
          onSearch={(v) => {
            setName(v.trim() || undefined);
            setPage((p) => ({ ...p, start: 0 }));
          }}
          style={{ width: 240 }}
        />
      </Space>
      <AdsTable
        ads={ads.data?.datas ?? []}
        total={ads.data?.total ?? 0}
        query={ads}
        empty={{ filtered: Boolean(name), hint: t('emptyHintV1'), who: t('emptyWho') }}
        pagination={{
          current: page.start / page.limit + 1,
          pageSize: page.limit,
          showSizeChanger: true,
          onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
        }}
      />
    </Card>
  );
}
