import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  online: 'green',
  offline: 'default',
  notActivated: 'blue',
  expired: 'red',
  unused: 'orange',
};

export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation('devices');
  return <Tag color={COLOURS[state] ?? 'default'}>{t(`states.${state}`)}</Tag>;
}
