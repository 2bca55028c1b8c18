import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface EmptyStateProps {
  /** What to do to fill the list (already translated). */
  hint: string;
  /** Who can do it (already translated); absent when anyone who sees the list can. */
  who?: string;
  /** A filter is applied: say so first (the list may not be empty without it). */
  filtered?: boolean;
}

/** The empty state of every list: nothing here yet, what to do and who can do it. */
export function EmptyState({ hint, who, filtered }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <Empty
      className="ra-empty-state"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <div>
          <Typography.Text strong>{t(filtered ? 'empty.filtered' : 'empty.title')}</Typography.Text>
          <div>{hint}</div>
          {who && <Typography.Text type="secondary">{who}</Typography.Text>}
        </div>
      }
    />
  );
}
