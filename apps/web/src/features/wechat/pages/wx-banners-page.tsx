import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Image, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { type BannerDto, useBanners, useDeleteBanner, useOrderBanners } from '../api/wechat-banners';
import { BannerDialog } from '../components/banner-dialog';

const fmt = (s: number | null) => (s === null ? null : dayjs.unix(s).format('YYYY-MM-DD HH:mm'));

/** Moves the item at `from` to `to`. */
function moved<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * /wechat/userManage/wxBanners: the mini-program's home-page banners. Rows are put in order by dragging
 * (or with the up and down buttons); the mini-program shows the enabled ones within their schedule.
 */
export default function WxBannersPage() {
  const { t } = useTranslation('wechat');
  const { message } = App.useApp();
  const banners = useBanners();
  const order = useOrderBanners();
  const remove = useDeleteBanner();
  const [rows, setRows] = useState<BannerDto[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ banner: BannerDto | null } | null>(null);

  useEffect(() => setRows(banners.data?.datas ?? []), [banners.data]);

  const reorder = (from: number, to: number) => {
    if (from === to || to < 0 || to >= rows.length) return;
    const next = moved(rows, from, to);
    setRows(next);
    order.mutate(
      next.map((r) => r.id),
      { onSuccess: () => message.success(t('banners.ordered')) },
    );
  };

  const schedule = (row: BannerDto) => {
    const begin = fmt(row.beginTime);
    const end = fmt(row.endTime);
    if (!begin && !end) return t('banners.always');
    return `${begin ?? t('banners.now')} ~ ${end ?? t('banners.noEnd')}`;
  };

  return (
    <Card
      title={t('banners.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ banner: null })}>
          {t('banners.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('banners.intro')}</Typography.Paragraph>
      <Table<BannerDto>
        rowKey="id"
        dataSource={rows}
        pagination={false}
        onRow={(_row, index) => ({
          draggable: true,
          'data-testid': 'banner-row',
          onDragStart: (e) => {
            setDragged(index ?? null);
            e.dataTransfer.effectAllowed = 'move';
          },
          onDragOver: (e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
          },
          onDrop: (e) => {
            e.preventDefault();
            if (dragged !== null && index !== undefined) reorder(dragged, index);
            setDragged(null);
          },
          onDragEnd: () => setDragged(null),
          style: { cursor: 'move', opacity: dragged === index ? 0.5 : 1 },
        })}
        {...listTable<BannerDto>(
          [
            {
              title: t('banners.order'),
              key: 'order',
              size: 'number',
              render: (_: unknown, _row, index) => (
                <Space size={4}>
                  <HolderOutlined aria-hidden style={{ color: '#999' }} />
                  <span>{index + 1}</span>
                </Space>
              ),
            },
            {
              title: t('banners.picture'),
              dataIndex: 'imageUrl',
              size: 'media',
              // Title, schedule, state and the actions fit a 1280 px window: the state never under the actions.
              width: 100,
              render: (url: string, row) => (
                <Image src={url} alt={row.title} width={120} height={50} style={{ objectFit: 'cover' }} />
              ),
            },
            { title: t('banners.titleField'), dataIndex: 'title', size: 'name' },
            {
              title: t('banners.link'),
              dataIndex: 'link',
              size: 'long',
              minScreen: 1440,
              render: (link: string, row) =>
                link ? `${t(`banners.linkKinds.${row.linkKind}`)}: ${link}` : t('banners.linkKinds.none'),
            },
            {
              title: t('banners.schedule'),
              key: 'schedule',
              size: 'period',
              render: (_: unknown, row) => schedule(row),
            },
            {
              title: t('banners.state'),
              key: 'state',
              size: 'tag',
              width: 130,
              render: (_: unknown, row) =>
                row.live ? (
                  <Tag color="green">{t('banners.live')}</Tag>
                ) : row.enabled ? (
                  <Tag color="orange">{t('banners.outOfSchedule')}</Tag>
                ) : (
                  <Tag>{t('banners.disabled')}</Tag>
                ),
            },
            {
              title: t('actions'),
              key: 'actions',
              size: 'actions',
              width: 260,
              render: (_: unknown, row, index) => (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('banners.moveUp', { title: row.title })}
                    disabled={index === 0 || order.isPending}
                    onClick={() => reorder(index, index - 1)}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('banners.moveDown', { title: row.title })}
                    disabled={index === rows.length - 1 || order.isPending}
                    onClick={() => reorder(index, index + 1)}
                  />
                  <Button size="small" type="link" onClick={() => setEditing({ banner: row })}>
                    {t('edit')}
                  </Button>
                  <Popconfirm
                    title={t('banners.deleteConfirm', { title: row.title })}
                    okText={t('delete')}
                    cancelText={t('cancel')}
                    onConfirm={() =>
                      remove.mutateAsync(row.id).then(() => {
                        message.success(t('banners.deleted'));
                      })
                    }
                  >
                    <Button size="small" type="link" danger>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ],
          { query: banners, empty: { hint: t('banners.emptyHint') } },
        )}
      />
      <BannerDialog open={editing !== null} banner={editing?.banner ?? null} onClose={() => setEditing(null)} />
    </Card>
  );
}
