import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A load that failed: its message (in the user's language, from the server) and a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation();
  const message = error instanceof Error && error.message ? error.message : t('loadFailed.unknown');
  return (
    <Result
      className="ra-query-error"
      status="warning"
      title={t('loadFailed.title')}
      subTitle={message}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => onRetry()}>
          {t('loadFailed.retry')}
        </Button>
      }
    />
  );
}
