import { DEVICE_STATES, DEVICE_TYPES, DISTANCES_KM } from '@robot-ads/contracts/devices/devices.rules';
import type { RobotFilters } from '@robot-ads/contracts/devices/devices.schemas';
import { Button, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RegionCascader, regionFilter } from '../../../components/region-cascader';

export type Filters = Partial<RobotFilters>;

/**
 * The device filter bar: text fields, the region (province / city / district from the region list, sent as
 * the stored names), type, state and a distance around a point (1, 3, 5, 10 km).
 */
export function DeviceFilters({ onSearch, distance = true }: { onSearch: (f: Filters) => void; distance?: boolean }) {
  const { t } = useTranslation('devices');
  const [draft, setDraft] = useState<Filters>({});
  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const clean = () =>
    Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Filters;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {(['robotId', 'name', 'propertyname'] as const).map((k) => (
        <Input
          key={k}
          allowClear
          style={{ width: 150 }}
          placeholder={t(`fields.${k}`)}
          aria-label={t(`fields.${k}`)}
          value={(draft[k] as string | undefined) ?? ''}
          onChange={(e) => set(k, e.target.value)}
        />
      ))}
      <div style={{ width: 240 }}>
        <RegionCascader
          placeholder={t('fields.region')}
          aria-label={t('fields.region')}
          value={draft}
          onChange={(names) => setDraft((d) => ({ ...d, ...regionFilter(names) }))}
        />
      </div>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        style={{ width: 170 }}
        placeholder={t('fields.type')}
        aria-label={t('fields.type')}
        value={draft.type}
        onChange={(v) => set('type', v)}
        options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
      />
      <Select
        allowClear
        style={{ width: 130 }}
        placeholder={t('fields.state')}
        aria-label={t('fields.state')}
        value={draft.state}
        onChange={(v) => set('state', v)}
        options={DEVICE_STATES.map((v) => ({ value: v, label: t(`states.${v}`) }))}
      />
      {distance && (
        <>
          <InputNumber
            style={{ width: 120 }}
            placeholder={t('fields.lng')}
            aria-label={t('fields.lng')}
            min={-180}
            max={180}
            value={draft.lng}
            onChange={(v) => set('lng', v ?? undefined)}
          />
          <InputNumber
            style={{ width: 120 }}
            placeholder={t('fields.lat')}
            aria-label={t('fields.lat')}
            min={-90}
            max={90}
            value={draft.lat}
            onChange={(v) => set('lat', v ?? undefined)}
          />
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('filters.pickDistance')}
            aria-label={t('filters.pickDistance')}
            value={draft.distance}
            onChange={(v) => set('distance', v)}
            options={DISTANCES_KM.map((km) => ({ value: km, label: t('fields.km', { km }) }))}
          />
        </>
      )}
      <Button type="primary" onClick={() => onSearch(clean())}>
        {t('filters.search')}
      </Button>
      <Button
        onClick={() => {
          setDraft({});
          onSearch({});
        }}
      >
        {t('filters.reset')}
      </Button>
    </Space>
  );
}
