import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Ad, useAdsPage } from '../api/ads';
import { AdEditor } from '../components/ad-editor';
import { AdsTable } from '../components/ads-table';

/** /ad/AD: ads built from materials, paged on the server; create, edit, preview and delete. */
export default function AdsPage() {
  const { t } = useTranslation('ads');
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [filter, setFilter] = useState<{ name?: string; kind?: string }>({});
  const [nameInput, setNameInput] = useState('');
  const ads = useAdsPage({ ...page, ...filter });
  const [editing, setEditing] = useState<Ad | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <Card
      title={t('title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          {t('create')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('fields.name')}
          placeholder={t('fields.name')}
          value={nameInput}
          onChange={(e) => setNameInput(e.target.value)}
          onSearch={(v) => {
            setFilter((f) => ({ ...f, name: v.trim() || undefined }));
            setPage((p) => ({ ...p, start: 0 }));
          }}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          aria-label={t('fields.kind')}
          placeholder={t('fields.kind')}
          style={{ width: 140 }}
          value={filter.kind}
          onChange={(kind) => {
            setFilter((f) => ({ ...f, kind }));
            setPage((p) => ({ ...p, start: 0 }));
          }}
          options={['picture', 'video'].map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
      </Space>
      <AdsTable
        ads={ads.data?.datas ?? []}
        total={ads.data?.total ?? 0}
        query={ads}
        empty={{
          filtered: Boolean(filter.name || filter.kind),
          hint: t('emptyHint'),
          who: t('emptyWho'),
        }}
        pagination={{
          current: page.start / page.limit + 1,
          pageSize: page.limit,
          showSizeChanger: true,
          onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
        }}
        onEdit={(ad) => {
          setEditing(ad);
          setOpen(true);
        }}
      />
      <AdEditor ad={editing} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
