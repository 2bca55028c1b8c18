import type { Language } from '@robot-ads/contracts/common/language';
import { formatDate, formatDateTime, zoneLabel } from '@robot-ads/contracts/playback/zoned-time';
import { Alert, Collapse, Descriptions, Result, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { lang } from '../../../lib/i18n';
import { switchLanguage } from '../../../lib/settings';
import { setPageTitle } from '../../../lib/title';
import { type Certificate, fetchCertificate } from '../api/certificate';

type State =
  | { kind: 'loading' }
  | { kind: 'shown'; certificate: Certificate }
  | { kind: 'failed'; status: number; message: string };

const LANGUAGES: Record<Language, string> = { zh: '中文', en: 'English' };
const percent = (p: number | null) => (p === null ? '—' : `${p.toFixed(2)} %`);
const PAGE_STYLE = { maxWidth: 1040, margin: '0 auto', padding: '24px 16px 48px' } as const;
const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

/**
 * The public page of a proof-of-play certificate (docs/certificates.md), outside the shell and without login:
 * what the platform signed for the code (figures, period, plan, robots), whether the signature holds, and the
 * signature's details to check it by hand. The certificate's QR code and printed address lead here.
 */
export default function VerifyPage() {
  const { t } = useTranslation('certificates');
  const { code = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchCertificate(code, controller.signal).then(
      (certificate) => setState({ kind: 'shown', certificate }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const status = err instanceof ApiError ? err.status : 0;
        setState({ kind: 'failed', status, message: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => controller.abort();
  }, [code]);

  useEffect(() => setPageTitle(`${t('title')} ${code}`), [t, code]);

  return (
    <main className="ra-verify-page" style={PAGE_STYLE}>
      <header
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'flex-start',
          gap: 16,
          flexWrap: 'wrap',
        }}
      >
        <div>
          <Typography.Title level={2} style={{ marginBottom: 4 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        <LanguageSwitch />
      </header>
      {state.kind === 'loading' && (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin tip={t('loading')}>
            <div style={{ height: 48 }} />
          </Spin>
        </div>
      )}
      {state.kind === 'failed' && (
        <Result
          status={state.status === 404 ? '404' : 'error'}
          title={state.status === 404 ? t('notFound') : t('failed')}
          subTitle={state.message}
        />
      )}
      {state.kind === 'shown' && <CertificateShown certificate={state.certificate} />}
    </main>
  );
}

/**
 * zh and en, as on the login page: the choice is kept and the page reloads in it. The chosen one is antd's
 * blue 7 (white on it 6:1; antd's primary blue 6 gives 4.1:1, under WCAG AA).
 */
function LanguageSwitch() {
  const { t } = useTranslation();
  const current = lang();
  return (
    <fieldset
      aria-label={t('topbar.language')}
      style={{ border: 'none', margin: 0, padding: 0, display: 'flex', gap: 8 }}
    >
      {(Object.keys(LANGUAGES) as Language[]).map((key) => (
        <button
          key={key}
          type="button"
          lang={key}
          aria-pressed={key === current}
          onClick={() => key !== current && switchLanguage(key)}
          style={{
            cursor: 'pointer',
            padding: '4px 12px',
            borderRadius: 6,
            border: '1px solid #d0d7de',
            background: key === current ? '#0958d9' : 'transparent',
            color: key === current ? '#fff' : 'inherit',
          }}
        >
          {LANGUAGES[key]}
        </button>
      ))}
    </fieldset>
  );
}

function CertificateShown({ certificate: c }: { certificate: Certificate }) {
  const { t } = useTranslation('certificates');
  const p = c.payload;
  const zone = p.period.timeZone;
  const issuedAt = `${formatDateTime(p.issuedAt, zone)} (${zoneLabel(zone, p.issuedAt)})`;
  const period = `${formatDate(p.period.begin, zone)} – ${formatDate(Math.max(p.period.begin, p.period.end - 1), zone)}`;
  const f = (key: string) => t(`fields.${key}`);
  return (
    <section aria-label={t('title')} style={{ display: 'grid', gap: 20, marginTop: 20 }}>
      <Alert
        type={c.signatureValid ? 'success' : 'error'}
        showIcon
        role="status"
        message={<strong data-testid="signature-state">{c.signatureValid ? t('valid') : t('invalid')}</strong>}
        description={
          <>
            {c.signatureValid ? t('validText', { code: c.code, issuedAt }) : t('invalidText', { code: c.code })}
            {!c.currentKey && <div>{t('earlierKey', { keyId: c.keyId })}</div>}
          </>
        }
      />
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }}>
        <Descriptions.Item label={f('code')}>
          <span style={MONO}>{c.code}</span>
        </Descriptions.Item>
        <Descriptions.Item label={f('issuedAt')}>{issuedAt}</Descriptions.Item>
        <Descriptions.Item label={f('kind')}>{t(`kinds.${p.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={f('plan')}>{p.plan.name}</Descriptions.Item>
        {p.order && (
          <Descriptions.Item label={f('order')}>
            {p.order.orderNo} {p.order.name}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={f('customer')}>{p.customer}</Descriptions.Item>
        <Descriptions.Item label={f('period')}>{period}</Descriptions.Item>
        <Descriptions.Item label={f('zone')}>{zoneLabel(zone, p.period.begin)}</Descriptions.Item>
      </Descriptions>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, md: 4 }}>
        <Descriptions.Item label={f('robots')}>{p.total.robots}</Descriptions.Item>
        <Descriptions.Item label={f('scheduledDays')}>{p.total.scheduledDays}</Descriptions.Item>
        <Descriptions.Item label={f('deliveredDays')}>{p.total.deliveredDays}</Descriptions.Item>
        <Descriptions.Item label={f('scheduledPlays')}>{p.total.scheduledPlays}</Descriptions.Item>
        <Descriptions.Item label={f('verified')}>{p.total.verified}</Descriptions.Item>
        <Descriptions.Item label={f('flagged')}>{p.total.flagged}</Descriptions.Item>
        <Descriptions.Item label={f('deliveredPercent')}>{percent(p.total.deliveredPercent)}</Descriptions.Item>
        <Descriptions.Item label={f('verifiedShare')}>{percent(p.total.verifiedShare)}</Descriptions.Item>
      </Descriptions>
      <RobotsTable certificate={c} />
      <Collapse
        items={[
          {
            key: 'signature',
            label: t('signature.title'),
            children: <SignatureDetails certificate={c} />,
          },
        ]}
      />
    </section>
  );
}

function RobotsTable({ certificate: c }: { certificate: Certificate }) {
  const { t } = useTranslation('certificates');
  const col = (key: keyof Certificate['payload']['robots'][number], align?: 'right') => ({
    key,
    dataIndex: key,
    title: t(`cols.${key}`),
    align,
  });
  return (
    <div>
      <Typography.Title level={4}>{t('robotsTitle')}</Typography.Title>
      <Table
        size="small"
        rowKey="robotId"
        pagination={c.payload.robots.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: 'max-content' }}
        dataSource={c.payload.robots}
        columns={[
          col('robotId'),
          col('robotName'),
          col('scheduledDays', 'right'),
          col('deliveredDays', 'right'),
          col('scheduledPlays', 'right'),
          col('verified', 'right'),
          col('flagged', 'right'),
          { ...col('deliveredPercent', 'right'), render: (v: number | null) => percent(v) },
        ]}
      />
    </div>
  );
}

function SignatureDetails({ certificate: c }: { certificate: Certificate }) {
  const { t } = useTranslation('certificates');
  const block = (value: string) => (
    <Typography.Paragraph
      copyable={{ text: value }}
      style={{ ...MONO, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
    >
      {value}
    </Typography.Paragraph>
  );
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('signature.algorithm')}>{c.algorithm}</Descriptions.Item>
      <Descriptions.Item label={t('signature.keyId')}>
        <span style={MONO}>{c.keyId}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('signature.publicKey')}>{block(c.publicKey)}</Descriptions.Item>
      <Descriptions.Item label={t('signature.signature')}>{block(c.signature)}</Descriptions.Item>
      <Descriptions.Item label={t('signature.signed')}>{block(c.signed)}</Descriptions.Item>
      <Descriptions.Item label="openssl">{t('signature.how')}</Descriptions.Item>
    </Descriptions>
  );
}
