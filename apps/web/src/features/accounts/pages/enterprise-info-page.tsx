import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  enterpriseInfoBody,
  enterpriseInfoIssues,
  QUALIFICATIONS_MAX,
} from '@robot-ads/contracts/customers/enterprise.schemas';
import { Alert, App, Button, Card, Col, DatePicker, Form, Input, Row, Space, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { QueryError } from '../../../components/query-error';
import { ProvinceSelect } from '../../../components/region-cascader';
import { lang } from '../../../lib/i18n';
import { schemaRule } from '../../../lib/rules';
import { secondsToValidity, type Validity, validityToSeconds } from '../account-rules';
import {
  type EnterpriseInfo,
  useApplyEnterpriseReview,
  useCustomerApplications,
  useEnterpriseInfo,
  useSaveEnterpriseInfo,
} from '../api/enterprise';
import { AuditStatusTag } from '../components/audit-status-tag';
import { CustomerAuditTable } from '../components/customer-audit-table';
import { LicencePicture, type Picture } from '../components/licence-picture';
import { issueRule, showSaveError } from '../components/server-error';

interface EnterpriseFormValues {
  enterpriseName: string;
  contactName: string;
  contactPhone: string;
  province: string;
  creditCode: string;
  legalPersonIdNumber: string;
  licence: Picture | null;
  licenceValidUntil: Dayjs | null;
  qualifications: { picture: Picture | null; period: Validity }[];
  agent: boolean;
}

function toForm(info: EnterpriseInfo): EnterpriseFormValues {
  return {
    enterpriseName: info.enterpriseName,
    contactName: info.contactName,
    contactPhone: info.contactPhone,
    province: info.province,
    creditCode: info.creditCode,
    legalPersonIdNumber: info.legalPersonIdNumber,
    licence: info.licence,
    licenceValidUntil: info.licenceValidUntil === null ? null : dayjs.unix(info.licenceValidUntil),
    qualifications: info.qualifications.map((q) => ({
      picture: { mediaId: q.mediaId, url: q.url, name: q.name },
      period: secondsToValidity(q.begin, q.end),
    })),
    agent: info.agent,
  };
}

/** The save body; the shared rules' issues are returned with it (paths of the form). */
export function toEnterpriseBody(v: EnterpriseFormValues, customerId?: string) {
  const qualifications = (v.qualifications ?? [])
    .filter((q) => q?.picture)
    .map((q) => ({ mediaId: q.picture?.mediaId ?? '', ...validityToSeconds(q.period) }));
  return {
    customerId,
    enterpriseName: (v.enterpriseName ?? '').trim(),
    contactName: (v.contactName ?? '').trim(),
    contactPhone: (v.contactPhone ?? '').trim(),
    province: (v.province ?? '').trim(),
    creditCode: (v.creditCode ?? '').trim().toUpperCase(),
    legalPersonIdNumber: (v.legalPersonIdNumber ?? '').trim().toUpperCase(),
    licenceMediaId: v.licence?.mediaId ?? '',
    licenceValidUntil: v.licenceValidUntil ? v.licenceValidUntil.endOf('day').unix() : null,
    qualifications,
    agent: Boolean(v.agent),
  };
}

/** /account/customer/mainInfo: an advertiser's company information, saved and submitted for review. */
export default function EnterpriseInfoPage() {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const info = useEnterpriseInfo();
  const save = useSaveEnterpriseInfo();
  const apply = useApplyEnterpriseReview();
  const [form] = Form.useForm<EnterpriseFormValues>();
  const data = info.data;
  const locked = data?.auditStatus === 'pending' || data?.auditStatus === 'pass';

  useEffect(() => {
    if (data) form.setFieldsValue(toForm(data));
  }, [data, form]);

  if (info.isLoading) return <PageLoading />;
  if (info.isError || !data) return <QueryError error={info.error} onRetry={() => info.refetch()} />;

  // The rows as shown (a row without its picture yet keeps its place), so an issue names the right row.
  const sharedIssues = () => {
    const v = form.getFieldsValue(true) as EnterpriseFormValues;
    const rows = (v.qualifications ?? []).map((q) => validityToSeconds(q?.period));
    return enterpriseInfoIssues({ ...toEnterpriseBody(v), qualifications: rows }, lang());
  };
  const shared = (...path: (string | number)[]) => [issueRule(sharedIssues, path)];

  const saveForm = async (): Promise<boolean> => {
    try {
      const v = await form.validateFields();
      const body = toEnterpriseBody(v, data.customerId);
      await save.mutateAsync(body);
      return true;
    } catch (error) {
      showSaveError(form, error, (text) => message.error(text), t('saveFailed'));
      return false;
    }
  };

  return (
    <Card
      title={t('enterprise.title')}
      extra={
        <Space>
          {t('fields.auditStatus')}
          <AuditStatusTag status={data.auditStatus} />
        </Space>
      }
    >
      <Alert
        style={{ marginBottom: 16 }}
        type={{ unsubmitted: 'info', pending: 'warning', pass: 'success', reject: 'error' }[data.auditStatus] as 'info'}
        showIcon
        message={t(`enterprise.state.${data.auditStatus}`)}
        description={
          data.auditStatus === 'reject' && data.auditNote
            ? t('enterprise.reason', { reason: data.auditNote })
            : undefined
        }
        data-testid="enterprise-status"
      />
      {data.updatetime === null && (
        <Typography.Paragraph type="secondary" data-testid="enterprise-prefilled">
          {t('enterprise.prefilled')}
        </Typography.Paragraph>
      )}
      <Form<EnterpriseFormValues>
        form={form}
        layout="vertical"
        disabled={locked}
        style={{ maxWidth: 860 }}
        initialValues={{ qualifications: [], agent: false, licence: null }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="enterpriseName"
              label={t('enterprise.enterpriseName')}
              rules={[schemaRule(enterpriseInfoBody.shape.enterpriseName)]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="province"
              label={t('fields.province')}
              rules={[schemaRule(enterpriseInfoBody.shape.province)]}
            >
              <ProvinceSelect aria-label={t('fields.province')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactName" rules={shared('contactName')} label={t('fields.contactName')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactPhone" rules={shared('contactPhone')} label={t('fields.contactPhone')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="creditCode"
              rules={shared('creditCode')}
              label={t('enterprise.creditCode')}
              extra={t('enterprise.creditCodeHint')}
            >
              <Input maxLength={18} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="legalPersonIdNumber"
              rules={shared('legalPersonIdNumber')}
              label={t('enterprise.idNumber')}
            >
              <Input maxLength={18} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="licence"
              label={t('enterprise.licence')}
              rules={[{ required: true, message: t('enterprise.licenceRequired') }]}
            >
              <LicencePicture testId="licence-picture" disabled={locked} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="licenceValidUntil"
              label={t('enterprise.licenceValidUntil')}
              extra={t('enterprise.longTerm')}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('enterprise.qualifications')}>
          <Form.List name="qualifications">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.map((f, i) => (
                  <Space key={f.key} align="start" wrap>
                    <Form.Item name={[f.name, 'picture']} noStyle>
                      <LicencePicture testId={`qualification-${i}`} disabled={locked} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'period']}
                      label={t('enterprise.period')}
                      rules={shared('qualifications', f.name, 'end')}
                    >
                      <DatePicker.RangePicker allowEmpty={[true, true]} />
                    </Form.Item>
                    {!locked && (
                      <MinusCircleOutlined aria-label={t('enterprise.removePicture')} onClick={() => remove(f.name)} />
                    )}
                  </Space>
                ))}
                {!locked && fields.length < QUALIFICATIONS_MAX && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ picture: null, period: null })}>
                    {t('enterprise.addQualification')}
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="agent" label={t('enterprise.agent')} valuePropName="checked" extra={t('enterprise.agentHint')}>
          <Switch />
        </Form.Item>
        {!locked && (
          <Space>
            <Button
              loading={save.isPending && !apply.isPending}
              onClick={async () => {
                if (await saveForm()) message.success(t('saved'));
              }}
            >
              {t('save')}
            </Button>
            <Button
              type="primary"
              loading={apply.isPending}
              onClick={async () => {
                if (!(await saveForm())) return;
                try {
                  await apply.mutateAsync(data.customerId);
                  message.success(t('enterprise.submitted'));
                } catch (error) {
                  showSaveError(form, error, (text) => message.error(text), t('saveFailed'));
                }
              }}
            >
              {t('enterprise.submit')}
            </Button>
          </Space>
        )}
      </Form>
      <Typography.Title level={5} style={{ marginTop: 32 }}>
        {t('review.historyTitle')}
      </Typography.Title>
      <CustomerAuditTable useList={useCustomerApplications} emptyHint={t('review.historyEmptyHint')} />
    </Card>
  );
}
