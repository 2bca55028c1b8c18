import { CUSTOMER_AUDIT_STATES } from '@robot-ads/contracts/customers/enterprise.schemas';
import { Button, Descriptions, Drawer, Image, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListQuery, listTable } from '../../../components/list-table';
import { regionText } from '../../../lib/regions';
import { formatDay } from '../account-rules';
import type { AuditFilter, CustomerAudit } from '../api/enterprise';
import { AuditStatusTag } from './audit-status-tag';
import { FilterBar } from './filter-bar';
import { usePagedFilter } from './paging';

const time = (v: number | null) => (v === null ? '' : dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss'));

/** Customer review applications: filters (state, customer name), server paging, details; `actions` per row. */
export function CustomerAuditTable({
  useList,
  actions,
  emptyHint,
}: {
  useList: (q: AuditFilter) => ListQuery & { data?: { total: number; datas: CustomerAudit[] } };
  actions?: (a: CustomerAudit) => ReactNode;
  emptyHint: string;
}) {
  const { t } = useTranslation('accounts');
  const paged = usePagedFilter<{ name?: string; state?: AuditFilter['state'] }>({});
  const list = useList(paged.query);
  const [shown, setShown] = useState<CustomerAudit | null>(null);
  // The record as the list has it now: once decided, its approve and reject leave the drawer.
  const current = shown ? (list.data?.datas.find((d) => d.id === shown.id) ?? shown) : null;
  return (
    <>
      <FilterBar
        fields={[
          { key: 'name', label: t('fields.customerName') },
          {
            key: 'state',
            label: t('fields.auditStatus'),
            options: CUSTOMER_AUDIT_STATES.map((s) => ({ value: s, label: t(`audit.${s}`) })),
          },
        ]}
        value={paged.filter}
        onApply={paged.apply}
      />
      <Table<CustomerAudit>
        rowKey="id"
        dataSource={list.data?.datas ?? []}
        pagination={paged.pagination(list.data?.total)}
        {...listTable<CustomerAudit>(
          [
            { title: t('fields.customerName'), dataIndex: 'customerName', size: 'name' },
            {
              title: t('enterprise.enterpriseName'),
              key: 'enterprise',
              size: 'name',
              minScreen: 1600,
              render: (_: unknown, a) => a.enterprise.enterpriseName,
            },
            { title: t('review.applicant'), dataIndex: 'applicantName', size: 'text', minScreen: 1440 },
            { title: t('review.appliedAt'), dataIndex: 'createtime', size: 'time', render: time },
            {
              title: t('fields.auditStatus'),
              dataIndex: 'state',
              size: 'tag',
              width: 130,
              render: (s: CustomerAudit['state']) => <AuditStatusTag status={s} />,
            },
            { title: t('review.reason'), dataIndex: 'note', size: 'long' },
            // The applicant reads who reviewed it; a reviewer's list (its buttons take the room) shows it from 1440 px.
            {
              title: t('review.reviewer'),
              dataIndex: 'reviewerName',
              size: 'text',
              minScreen: actions ? 1440 : undefined,
            },
            { title: t('review.reviewedAt'), dataIndex: 'auditTime', size: 'time', render: time, minScreen: 1440 },
            {
              title: t('fields.actions'),
              key: 'actions',
              size: 'actions',
              width: actions ? 250 : 120,
              render: (_: unknown, a) => (
                <Space wrap size={4}>
                  <Button size="small" onClick={() => setShown(a)}>
                    {t('review.details')}
                  </Button>
                  {actions?.(a)}
                </Space>
              ),
            },
          ],
          { query: list, empty: { filtered: paged.filtered, hint: emptyHint } },
        )}
      />
      <Drawer
        open={shown !== null}
        onClose={() => setShown(null)}
        title={t('review.details')}
        size="large"
        // The reviewer decides where the details are read: the row's approve and reject are here too.
        extra={current && actions ? <Space size={4}>{actions(current)}</Space> : undefined}
      >
        {current && <EnterpriseDetails audit={current} />}
      </Drawer>
    </>
  );
}

function EnterpriseDetails({ audit }: { audit: CustomerAudit }) {
  const { t } = useTranslation('accounts');
  const e = audit.enterprise;
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label={t('fields.customerName')}>{audit.customerName}</Descriptions.Item>
      <Descriptions.Item label={t('enterprise.enterpriseName')}>{e.enterpriseName}</Descriptions.Item>
      <Descriptions.Item label={t('fields.contactName')}>{e.contactName}</Descriptions.Item>
      <Descriptions.Item label={t('fields.contactPhone')}>{e.contactPhone}</Descriptions.Item>
      <Descriptions.Item label={t('fields.province')}>{regionText({ province: e.province })}</Descriptions.Item>
      <Descriptions.Item label={t('enterprise.creditCode')}>{e.creditCode}</Descriptions.Item>
      <Descriptions.Item label={t('enterprise.idNumber')}>{e.legalPersonIdNumber}</Descriptions.Item>
      <Descriptions.Item label={t('enterprise.licence')}>
        {e.licence && <Image width={160} src={e.licence.url} alt={e.licence.name} />}
      </Descriptions.Item>
      <Descriptions.Item label={t('enterprise.licenceValidUntil')}>
        {e.licenceValidUntil === null ? t('enterprise.longTermValue') : formatDay(e.licenceValidUntil)}
      </Descriptions.Item>
      <Descriptions.Item label={t('enterprise.qualifications')}>
        <Space wrap>
          {e.qualifications.map((q) => (
            <Space key={q.mediaId} orientation="vertical" size={2}>
              <Image width={100} src={q.url} alt={q.name} />
              <span>
                {formatDay(q.begin) || '…'} ~ {formatDay(q.end) || '…'}
              </span>
            </Space>
          ))}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('enterprise.agent')}>
        <Tag>{t(e.agent ? 'yes' : 'no')}</Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}
