import type { exportStateSchema } from '@robot-ads/contracts/devices/devices.schemas';
import { Button, Modal, Progress, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../lib/api-client';
import { downloadUrl } from '../lib/api-upload';

type ExportState = z.infer<typeof exportStateSchema>;

/**
 * An export button: starts a background export, polls its state every second with a progress bar,
 * and offers the file when it is done (spec: long work shows progress).
 */
export function ExportButton({
  start,
  statePath,
  disabled,
}: {
  start: () => Promise<{ key: string }>;
  /** e.g. /api/AdvertGroups/queryExportState */
  statePath: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('devices');
  const [key, setKey] = useState<string | null>(null);
  const [state, setState] = useState<ExportState | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!key) return;
    let stopped = false;
    const poll = async () => {
      try {
        const next = await api.get<{ success: true; data: ExportState }>(statePath, { query: { key }, silent: true });
        if (stopped) return;
        setState(next);
        if (next.state !== 'done' && next.state !== 'failed') setTimeout(poll, 1000);
      } catch {
        if (!stopped) setState((s) => (s ? { ...s, state: 'failed' } : s));
      }
    };
    poll();
    return () => {
      stopped = true;
    };
  }, [key, statePath]);

  const close = () => {
    setKey(null);
    setState(null);
  };

  return (
    <>
      <Button
        loading={starting}
        disabled={disabled}
        onClick={async () => {
          setStarting(true);
          try {
            const res = await start();
            setState(null);
            setKey(res.key);
          } finally {
            setStarting(false);
          }
        }}
      >
        {t('export.start')}
      </Button>
      <Modal open={key !== null} title={t('export.start')} onCancel={close} footer={null} destroyOnHidden>
        {state?.state === 'failed' ? (
          <Result status="error" title={t('export.failed')} />
        ) : state?.state === 'done' && state.url ? (
          <Result
            status="success"
            title={t('export.done')}
            extra={
              <Button type="primary" href={downloadUrl(state.url)} download={state.fileName ?? undefined}>
                {t('export.download')}
              </Button>
            }
          />
        ) : (
          <div style={{ padding: '16px 0' }}>
            <Progress percent={state?.progress ?? 0} status="active" aria-label={t('export.start')} />
            <div>{t('export.running', { done: state?.done ?? 0, total: state?.total ?? 0 })}</div>
          </div>
        )}
      </Modal>
    </>
  );
}
