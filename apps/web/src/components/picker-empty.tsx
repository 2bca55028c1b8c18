import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What a picker (a Select whose options come from the server) shows when it has nothing to offer:
 * why it is empty and what to do, never only "no data". With a search typed, it says nothing matched.
 */
export function PickerEmpty({ why, nextStep, searched }: { why: string; nextStep: string; searched?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="ra-picker-empty" role="status">
      <Typography.Text strong>{searched ? t('picker.noMatch') : why}</Typography.Text>
      <div>
        <Typography.Text type="secondary">{nextStep}</Typography.Text>
      </div>
    </div>
  );
}
