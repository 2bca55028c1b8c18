import {
  CarOutlined,
  InboxOutlined,
  MedicineBoxOutlined,
  RobotOutlined,
  SafetyOutlined,
  ScanOutlined,
  ShopOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import type { DeviceType } from '@robot-ads/contracts/devices/devices.rules';
import type { ComponentType } from 'react';

const ICONS: Record<DeviceType, ComponentType<{ style?: React.CSSProperties }>> = {
  watch: SafetyOutlined,
  patrol: SafetyOutlined,
  gate: SafetyOutlined,
  service: RobotOutlined,
  container: InboxOutlined,
  lele: RobotOutlined,
  huanhuan: RobotOutlined,
  disinfect: MedicineBoxOutlined,
  lele2delivery: CarOutlined,
  hydroxylpro: MedicineBoxOutlined,
  hydroxylproA: MedicineBoxOutlined,
  marketing: ShopOutlined,
  delivery: CarOutlined,
  identify: ScanOutlined,
  voko: SoundOutlined,
  welcome: RobotOutlined,
  voca: SoundOutlined,
  voca2: SoundOutlined,
  huanhuan2: RobotOutlined,
};

export const ONLINE_COLOUR = '#52c41a';
export const OFFLINE_COLOUR = '#8c8c8c';

/** The icon of a device type, in its online (green) or offline (grey) variant. */
export function DeviceTypeIcon({ type, online, title }: { type: DeviceType; online: boolean; title?: string }) {
  const Icon = ICONS[type] ?? RobotOutlined;
  return (
    <span
      role="img"
      aria-label={title ?? type}
      title={title}
      data-online={online ? 'true' : 'false'}
      style={{ display: 'inline-flex', opacity: online ? 1 : 0.7 }}
    >
      <Icon style={{ color: online ? ONLINE_COLOUR : OFFLINE_COLOUR, fontSize: 18 }} />
    </span>
  );
}
