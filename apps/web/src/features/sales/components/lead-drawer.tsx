import { messageFor } from '@robot-ads/contracts/common/errors';
import { FOLLOW_STATES, type FollowState } from '@robot-ads/contracts/sales/sales.rules';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Timeline,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitForm } from '../../../lib/form-errors';
import { lang } from '../../../lib/i18n';
import { regionText } from '../../../lib/regions';
import { industryText } from '../../../lib/vocabulary';
import { useAddLeadNote, useConvertLead, useLead } from '../api/leads';
import { FollowStateTag, PriorityTag } from './tags';
import { dateText, timeText } from './use-paged';

/** A lead: its details, the timeline of dated follow-up notes, a new note with the next reminder, conversion. */
export function LeadDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const { message } = App.useApp();
  const lead = useLead(id);
  const addNote = useAddLeadNote();
  const [converting, setConverting] = useState(false);
  const [form] = Form.useForm<{ content: string; followState?: FollowState; nextFollowAt?: Dayjs | null }>();
  const l = lead.data;
  const closed = l ? l.customerId !== null || l.followState === 'discarded' : true;
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={l?.name ?? t('detail')} data-testid="lead-drawer">
      {l && (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('fields.phone')}>{l.phone}</Descriptions.Item>
            <Descriptions.Item label={t('fields.owner')}>{l.ownerName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.priority')}>
              <PriorityTag priority={l.priority} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.followState')}>
              <FollowStateTag state={l.followState} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.nextFollowAt')}>{dateText(l.nextFollowAt)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.region')}>{regionText(l, '-')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.industry')}>{industryText(l.industry)}</Descriptions.Item>
          </Descriptions>
          {l.customerId ? (
            <Alert type="success" showIcon title={t('leads.isCustomer')} />
          ) : (
            !closed && (
              <Button type="primary" onClick={() => setConverting(true)}>
                {t('leads.convert')}
              </Button>
            )
          )}
          <div>
            <h4>{t('leads.timeline')}</h4>
            {l.notes.length === 0 ? (
              <Empty description={t('leads.noNotes')} />
            ) : (
              <Timeline
                items={l.notes.map((n) => ({
                  key: n.id,
                  content: (
                    <div>
                      <div>
                        {timeText(n.time)} · {n.authorName}
                        {n.followState && (
                          <>
                            {' '}
                            <FollowStateTag state={n.followState} />
                          </>
                        )}
                      </div>
                      <div style={{ whiteSpace: 'pre-wrap' }}>{n.content}</div>
                    </div>
                  ),
                }))}
              />
            )}
          </div>
          {!closed && (
            <Form
              form={form}
              layout="vertical"
              data-testid="lead-note-form"
              onFinish={async (v) => {
                try {
                  await addNote.mutateAsync({
                    leadId: l.id,
                    content: v.content,
                    followState: v.followState,
                    nextFollowAt: v.nextFollowAt ? v.nextFollowAt.startOf('day').unix() : undefined,
                  });
                  message.success(t('leads.noteAdded'));
                  form.resetFields();
                } catch (err) {
                  message.error((err as Error).message);
                }
              }}
            >
              <Form.Item
                name="content"
                label={t('fields.note')}
                rules={[{ required: true, whitespace: true, message: t('leads.noteRequired') }]}
              >
                <Input.TextArea maxLength={500} rows={3} aria-label={t('fields.note')} />
              </Form.Item>
              <Space wrap>
                <Form.Item name="followState" label={t('fields.followState')}>
                  <Select
                    allowClear
                    style={{ minWidth: 160 }}
                    aria-label={t('fields.followState')}
                    options={FOLLOW_STATES.map((s) => ({ value: s, label: t(`vocabulary:followState.${s}`) }))}
                  />
                </Form.Item>
                <Form.Item name="nextFollowAt" label={t('fields.nextFollowAt')} extra={t('leads.reminder')}>
                  <DatePicker aria-label={t('fields.nextFollowAt')} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
                </Form.Item>
              </Space>
              <Button htmlType="submit" loading={addNote.isPending}>
                {t('leads.addNote')}
              </Button>
            </Form>
          )}
          <ConvertDialog open={converting} leadId={l.id} leadName={l.name} onClose={() => setConverting(false)} />
        </Space>
      )}
    </Drawer>
  );
}

/** The customer and its first advertiser account, created in one step from the lead. */
function ConvertDialog({
  open,
  leadId,
  leadName,
  onClose,
}: {
  open: boolean;
  leadId: string;
  leadName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('sales');
  const { message } = App.useApp();
  const convert = useConvertLead();
  const [form] = Form.useForm<{ customerName: string; account: string; name: string; password: string }>();
  const language = lang();
  return (
    <Modal
      open={open}
      title={t('leads.convert')}
      okText={t('leads.convert')}
      confirmLoading={convert.isPending}
      onCancel={onClose}
      destroyOnHidden
      onOk={() =>
        submitForm(form, message.error, async (v) => {
          try {
            await convert.mutateAsync({
              leadId,
              customerName: v.customerName,
              account: { account: v.account, name: v.name, password: v.password },
            });
            message.success(t('leads.converted'));
            onClose();
          } catch (err) {
            message.error((err as Error).message);
          }
        })
      }
    >
      <Alert type="info" showIcon title={t('leads.convertHint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ customerName: leadName, name: leadName }}
        data-testid="convert-form"
      >
        <Form.Item
          name="customerName"
          label={t('fields.customerName')}
          rules={[{ required: true, min: 2, max: 50, message: messageFor('CUSTOMER_NAME_LENGTH', language) }]}
        >
          <Input aria-label={t('fields.customerName')} />
        </Form.Item>
        <Form.Item name="account" label={t('fields.loginName')} rules={[{ required: true, min: 2, max: 32 }]}>
          <Input aria-label={t('fields.loginName')} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('fields.accountName')}
          rules={[{ required: true, min: 2, max: 15, message: messageFor('NAME_LENGTH', language) }]}
        >
          <Input aria-label={t('fields.accountName')} />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[{ required: true, min: 6, max: 16 }]}>
          <Input.Password aria-label={t('fields.password')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
