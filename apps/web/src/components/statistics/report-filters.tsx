import { formatOffset, zoneOffsetMinutes } from '@robot-ads/contracts/playlists/playlists.rules';
import { DEFAULT_TIME_ZONE, TIME_ZONE_OPTIONS } from '@robot-ads/contracts/playlists/playlists.schemas';
import { DatePicker, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportRange } from '../../lib/statistics/range';

/** Zones offered besides the plan's: the spec's list and a few with half-hour and 45-minute offsets. */
const EXTRA_ZONES = ['Asia/Kolkata', 'Asia/Kathmandu', 'UTC'];

/** The zones, each labelled with its IANA name (an identifier, not text to translate) and its offset now. */
export function zoneOptions(own?: string, now = new Date()): Array<{ value: string; label: ReactNode }> {
  const zones = [
    ...new Set([own ?? DEFAULT_TIME_ZONE, DEFAULT_TIME_ZONE, ...TIME_ZONE_OPTIONS.map((o) => o.zone), ...EXTRA_ZONES]),
  ];
  return zones.map((z) => ({
    value: z,
    label: <span translate="no">{`${z} (UTC${formatOffset(zoneOffsetMinutes(now, z))})`}</span>,
  }));
}

/** Date range (local days) and time zone of a report; `extra` holds the page's buttons (export). */
export function ReportFilters({
  range,
  onChange,
  ownZone,
  extra,
}: {
  range: ReportRange;
  onChange: (r: ReportRange) => void;
  ownZone?: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('statistics');
  return (
    <Space wrap size="middle" className="ra-report-filters">
      <Space>
        <Typography.Text>{t('filters.range')}</Typography.Text>
        <DatePicker.RangePicker
          aria-label={t('filters.range')}
          allowClear={false}
          value={[dayjs(range.from), dayjs(range.to)]}
          onChange={(v) => {
            if (v?.[0] && v[1]) onChange({ ...range, from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
          }}
        />
      </Space>
      <Space>
        <Typography.Text>{t('filters.timeZone')}</Typography.Text>
        <Select
          aria-label={t('filters.timeZone')}
          style={{ minWidth: 240 }}
          value={range.timeZone}
          options={zoneOptions(ownZone)}
          onChange={(timeZone) => onChange({ ...range, timeZone })}
        />
      </Space>
      {extra}
    </Space>
  );
}
