import { DownloadOutlined, FileExcelOutlined, FileZipOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Image,
  Input,
  Pagination,
  Row,
  Space,
  Spin,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { SearchForm } from '../../../components/search-form';
import { downloadUrl } from '../../../lib/api-upload';
import { lang } from '../../../lib/i18n';
import { formatTime, readerTimeZone, zoneNote } from '../../../lib/time';
import { type RecordFilter, recordFilterQuery, type ShootRecordDto, useRecords } from '../api/records';

interface Search {
  requirementId?: string;
  name?: string;
  planId?: string;
  robotId?: string;
  robotName?: string;
  taken?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * /adshootingmanage/shootingRecord: the robots' photos as a gallery with a large preview, each with its
 * robot, place, time and the ad that was playing; download one, all (zip) or the list (xlsx).
 */
export default function ShootingRecordPage() {
  const { t } = useTranslation('shooting');
  const [params] = useSearchParams();
  const [form] = Form.useForm<Search>();
  const initialRequirement = params.get('requirementId') ?? undefined;
  const [filter, setFilter] = useState<RecordFilter>(
    /^[0-9a-f]{24}$/.test(initialRequirement ?? '') ? { requirementId: initialRequirement } : {},
  );
  const [page, setPage] = useState({ start: 0, limit: 12 });
  const records = useRecords(filter, page.start, page.limit);
  // The files write times in the reader's zone too, and say which.
  const files = recordFilterQuery({ ...filter, language: lang(), timeZone: readerTimeZone() });

  const search = (values: Search) => {
    const [begin, end] = values.taken ?? [null, null];
    const requirementId = values.requirementId?.trim();
    setPage((p) => ({ start: 0, limit: p.limit }));
    setFilter({
      requirementId: requirementId && /^[0-9a-f]{24}$/.test(requirementId) ? requirementId : undefined,
      name: values.name?.trim() || undefined,
      planId: values.planId?.trim() || undefined,
      robotId: values.robotId?.trim() || undefined,
      robotName: values.robotName?.trim() || undefined,
      begin: begin ? begin.startOf('day').unix() : undefined,
      end: end ? end.add(1, 'day').startOf('day').unix() : undefined,
    });
  };

  const rows = records.data?.datas ?? [];
  return (
    <Card
      title={t('records.title')}
      extra={
        <Space>
          <Button
            icon={<FileZipOutlined />}
            disabled={rows.length === 0}
            href={downloadUrl('/api/ShootingRecords/downloadAll', files)}
          >
            {t('records.downloadAll')}
          </Button>
          <Button icon={<FileExcelOutlined />} href={downloadUrl('/api/ShootingRecords/export', files)}>
            {t('records.export')}
          </Button>
        </Space>
      }
    >
      <SearchForm
        form={form}
        initialValues={{ requirementId: filter.requirementId }}
        onSearch={search}
        onReset={() => {
          form.setFieldsValue({ requirementId: undefined });
          search({});
        }}
        searchText={t('search')}
        resetText={t('reset')}
      >
        <Form.Item name="requirementId" label={t('fields.id')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="planId" label={t('fields.planId')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="robotId" label={t('fields.robotId')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="robotName" label={t('fields.robotName')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="taken" label={t('records.takenAt')}>
          <DatePicker.RangePicker />
        </Form.Item>
      </SearchForm>
      {records.isError ? (
        <QueryError error={records.error} onRetry={() => void records.refetch()} />
      ) : (
        <Spin spinning={records.isFetching}>
          {rows.length === 0 && !records.isLoading ? (
            <Empty description={t('records.empty')} />
          ) : (
            <Image.PreviewGroup>
              <Row gutter={[16, 16]}>
                {rows.map((r) => (
                  <Col key={r.id} xs={24} sm={12} md={8} xl={6}>
                    <RecordCard record={r} />
                  </Col>
                ))}
              </Row>
            </Image.PreviewGroup>
          )}
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={page.start / page.limit + 1}
            pageSize={page.limit}
            total={records.data?.total ?? 0}
            showSizeChanger
            pageSizeOptions={[12, 24, 48]}
            onChange={(current, limit) => setPage({ start: (current - 1) * limit, limit })}
          />
        </Spin>
      )}
    </Card>
  );
}

/** The photo check (docs/shooting.md): matches the ad, needs review, or not measured. */
function PhotoCheck({ record: r }: { record: ShootRecordDto }) {
  const { t } = useTranslation('shooting');
  if (r.matchDistance === null) return <Tag data-testid="record-check">{t('records.notChecked')}</Tag>;
  return r.needsReview ? (
    <Tag color="warning" data-testid="record-check">
      {t('records.needsReview', { distance: r.matchDistance })}
    </Tag>
  ) : (
    <Tag color="success" data-testid="record-check">
      {t('records.matches', { distance: r.matchDistance })}
    </Tag>
  );
}

function RecordCard({ record: r }: { record: ShootRecordDto }) {
  const { t } = useTranslation('shooting');
  const zone = readerTimeZone();
  return (
    <Card
      size="small"
      data-testid="shoot-record"
      cover={
        <Image
          src={r.url}
          alt={t('records.photoOf', { robot: r.robotName })}
          height={180}
          style={{ objectFit: 'cover' }}
        />
      }
      actions={[
        <Button
          key="download"
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          href={downloadUrl('/api/ShootingRecords/download', { id: r.id })}
        >
          {t('records.download')}
        </Button>,
      ]}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'robot', label: t('fields.robotName'), children: `${r.robotName} (${r.robotId})` },
          { key: 'place', label: t('fields.place'), children: r.place || '-' },
          {
            key: 'time',
            label: `${t('records.takenAt')} (${zoneNote(zone, r.takenAt)})`,
            children: <span data-testid="record-time">{formatTime(r.takenAt, zone)}</span>,
          },
          { key: 'ad', label: t('records.ad'), children: <span data-testid="record-ad">{r.adName ?? '-'}</span> },
          { key: 'requirement', label: t('fields.name'), children: r.requirementName },
          { key: 'check', label: t('records.check'), children: <PhotoCheck record={r} /> },
        ]}
      />
    </Card>
  );
}
