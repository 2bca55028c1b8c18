import type { exportStateSchema } from '@robot-ads/contracts/devices/devices.schemas';
import { App, Button, Modal, Progress, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../lib/api-client';
import { downloadUrl } from '../lib/api-upload';
import { failureText, showFormFailure } from '../lib/form-errors';

type ExportState = z.infer<typeof exportStateSchema>;

/** How often the state is asked for. */
export const EXPORT_POLL_MS = 1000;
/**
 * The longest an export may stay where it is (queued, or the same count of rows written) before its progress
 * says so and stops waiting (issue 38: a first export sat at "0 / 4" with no word and no file).
 */
export const EXPORT_STALL_MS = 45_000;

/**
 * An export button: starts a background export, polls its state every second with a progress bar, and ends
 * with the file or a clear error in the same dialog (spec: long work shows progress): a refused start, a failed
 * job, a failed poll, or an export that has not moved for EXPORT_STALL_MS.
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
  const { message } = App.useApp();
  const [key, setKey] = useState<string | null>(null);
  const [state, setState] = useState<ExportState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!key) return;
    let stopped = false;
    let mark = '';
    let since = Date.now();
    const poll = async () => {
      try {
        const next = await api.get<{ success: true; data: ExportState }>(statePath, { query: { key }, silent: true });
        if (stopped) return;
        setState(next);
        if (next.state === 'done' || next.state === 'failed') return;
        const now = `${next.state}:${next.done}:${next.progress}`;
        if (now !== mark) {
          mark = now;
          since = Date.now();
        } else if (Date.now() - since >= EXPORT_STALL_MS) {
          setProblem(t('export.stalled', { seconds: Math.round(EXPORT_STALL_MS / 1000) }));
          return;
        }
        setTimeout(poll, EXPORT_POLL_MS);
      } catch (error) {
        if (!stopped) setProblem(failureText(error, t('export.failedHint')));
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [key, statePath, t]);

  const close = () => {
    setKey(null);
    setState(null);
    setProblem(null);
  };

  const failed = problem !== null || state?.state === 'failed';
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
            setProblem(null);
            setKey(res.key);
          } catch (error) {
            // A refused start (nothing to export, no permission): one message, no unhandled rejection.
            showFormFailure(null, error, message.error);
          } finally {
            setStarting(false);
          }
        }}
      >
        {t('export.start')}
      </Button>
      <Modal open={key !== null} title={t('export.start')} onCancel={close} footer={null} destroyOnHidden>
        {failed ? (
          <Result status="error" title={t('export.failed')} subTitle={problem ?? t('export.failedHint')} />
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
            <div>
              {!state || state.state === 'queued'
                ? t('export.queued')
                : t('export.running', { done: state.done, total: state.total })}
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}
