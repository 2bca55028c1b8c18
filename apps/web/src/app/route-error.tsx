import { WarningOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { recordError } from '../lib/error-log';
import { ChunkLoadError } from '../lib/pages';

/**
 * A page that failed to load or render: a chunk load error offers a reload; others are logged. Kept light
 * (no illustration): it is part of the first load of every page.
 */
export function ErrorResult({ error, onRetry, logged }: { error: unknown; onRetry?: () => void; logged?: boolean }) {
  const { t } = useTranslation();
  const isChunk = error instanceof ChunkLoadError;
  useEffect(() => {
    if (!logged) recordError('react', error, isChunk ? 'chunk load' : 'render');
  }, [error, isChunk, logged]);
  return (
    <div className="ra-error-result" role="alert">
      <WarningOutlined className="ra-error-icon" aria-hidden="true" />
      <h2>{t(isChunk ? 'status.loadErrorTitle' : 'status.500.title')}</h2>
      <p>{t(isChunk ? 'status.loadErrorText' : 'status.500.text')}</p>
      <button
        type="button"
        className="ra-login-submit ra-error-retry"
        onClick={onRetry ?? (() => window.location.reload())}
      >
        {t('status.reload')}
      </button>
    </div>
  );
}
