import {
  DEVICE_STATES,
  DEVICE_TYPES,
  type DeviceState,
  type DeviceType,
} from '@robot-ads/contracts/devices/devices.rules';
import { Card, Select, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapPoints } from '../api/devices';
import { DeviceMap } from '../components/device-map';

/** The map page: /wel/onlineAmap (China, drill to province and city) and /wel/googleMap (world). */
export function MapPage({ world }: { world: boolean }) {
  const { t } = useTranslation('devices');
  const [type, setType] = useState<DeviceType | undefined>();
  const [state, setState] = useState<DeviceState | undefined>();
  const points = useMapPoints({ type, state });
  const typeLabel = useCallback((x: DeviceType) => t(`types.${x}`), [t]);
  return (
    <Card
      title={world ? t('map.worldTitle') : t('map.title')}
      extra={
        <Space>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 180 }}
            placeholder={t('fields.type')}
            aria-label={t('fields.type')}
            value={type}
            onChange={setType}
            options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
          />
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 140 }}
            placeholder={t('fields.state')}
            aria-label={t('fields.state')}
            value={state}
            onChange={setState}
            options={DEVICE_STATES.map((v) => ({ value: v, label: t(`states.${v}`) }))}
          />
        </Space>
      }
    >
      <DeviceMap points={points.data} world={world} typeLabel={typeLabel} />
    </Card>
  );
}

export default function OnlineMapPage() {
  return <MapPage world={false} />;
}
