import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { DEFAULT_TIME_ZONE, TIME_ZONE_OPTIONS } from '@robot-ads/contracts/playlists/playlists.schemas';
import { App, Button, Modal, Popconfirm, Space, Table, type TablePaginationConfig, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmptyStateProps } from '../../../components/empty-state';
import { type ListQuery, listTable } from '../../../components/list-table';
import { type Ad, failureText, useDeleteAd } from '../api/ads';
import { RobotPreview } from './robot-preview';

const TIME = 'YYYY-MM-DD HH:mm:ss';

function zoneText(zone: string, defaultLabel: string): string {
  if (zone === DEFAULT_TIME_ZONE) return defaultLabel;
  return TIME_ZONE_OPTIONS.find((o) => o.zone === zone)?.code ?? zone;
}

/** Ads with a thumbnail, their window and materials; preview in the robot frame, edit and delete. */
export function AdsTable({
  ads,
  total,
  query,
  empty,
  pagination,
  onEdit,
}: {
  ads: Ad[];
  total: number;
  /** The query that loads the rows: its loading state, and its error with a retry. */
  query: ListQuery;
  /** What to do when there is no ad, and who can. */
  empty: EmptyStateProps;
  pagination: TablePaginationConfig;
  onEdit?: (ad: Ad) => void;
}) {
  const { t } = useTranslation('ads');
  const { message } = App.useApp();
  const remove = useDeleteAd();
  const [previewing, setPreviewing] = useState<Ad | null>(null);

  const onDelete = async (ad: Ad) => {
    try {
      await remove.mutateAsync(ad.id);
      message.success(t('deleted'));
    } catch (error) {
      message.error(failureText(error));
    }
  };

  return (
    <>
      <Table<Ad>
        rowKey="id"
        dataSource={ads}
        pagination={{ ...pagination, total, showTotal: (n) => t('total', { n }) }}
        {...listTable<Ad>(
          [
            {
              title: t('fields.media'),
              key: 'media',
              size: 'media',
              width: 80,
              render: (_, ad) =>
                ad.media ? (
                  <button
                    type="button"
                    onClick={() => setPreviewing(ad)}
                    aria-label={t('previewOf', { name: ad.name })}
                    style={{ border: 0, padding: 0, background: '#000', cursor: 'pointer', width: 45, height: 80 }}
                  >
                    {ad.media.kind === 'picture' ? (
                      <img
                        src={ad.media.thumbnail ?? ad.media.url}
                        alt=""
                        style={{ width: 45, height: 80, objectFit: 'cover' }}
                      />
                    ) : (
                      <video
                        src={ad.media.url}
                        muted
                        preload="metadata"
                        style={{ width: 45, height: 80, objectFit: 'cover' }}
                      />
                    )}
                  </button>
                ) : null,
            },
            { title: t('fields.name'), dataIndex: 'name', size: 'name' },
            {
              title: t('fields.kind'),
              dataIndex: 'kind',
              size: 'tag',
              render: (k: string) => <Tag>{t(`kinds.${k}`)}</Tag>,
            },
            {
              title: t('fields.template'),
              minScreen: 1440,
              dataIndex: 'template',
              size: 'tag',
              render: (n: number) => t(`templates.t${n}`),
            },
            {
              title: t('fields.range'),
              key: 'range',
              size: 'period',
              render: (_, ad) => `${dayjs.unix(ad.begin).format(TIME)} ~ ${dayjs.unix(ad.end).format(TIME)}`,
            },
            {
              title: t('fields.timeZone'),
              minScreen: 1600,
              dataIndex: 'timeZone',
              size: 'text',
              render: (z: string) => zoneText(z, t('defaultZone')),
            },
            {
              title: t('fields.materialsShort'),
              minScreen: 1600,
              key: 'materials',
              size: 'number',
              render: (_, ad) => ad.resourcesObjs.flat().length,
            },
            {
              title: t('fields.duration'),
              dataIndex: 'duration',
              size: 'number',
              render: (ms: number) => `${Math.round(ms / 1000)}${t('secondsUnit')}`,
            },
            {
              title: t('actions'),
              key: 'actions',
              size: 'actions',
              width: 260,
              render: (_, ad) => (
                <Space size={0}>
                  <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(ad)}>
                    {t('preview.open')}
                  </Button>
                  {onEdit && (
                    <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(ad)}>
                      {t('edit')}
                    </Button>
                  )}
                  <Popconfirm title={t('confirmDelete', { name: ad.name })} onConfirm={() => onDelete(ad)}>
                    <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ],
          { query: query, empty: empty },
        )}
      />
      <Modal
        open={previewing !== null}
        title={previewing?.name}
        footer={null}
        onCancel={() => setPreviewing(null)}
        width={380}
        destroyOnHidden
      >
        {previewing && (
          <RobotPreview
            screens={previewing.resourcesObjs}
            template={previewing.template}
            qr={previewing.qr}
            watermark={previewing.watermark}
          />
        )}
      </Modal>
    </>
  );
}
