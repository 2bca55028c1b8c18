import { offsetMinutes, zoneLabel } from '@robot-ads/contracts/playback/zoned-time';
import { DEFAULT_TIME_ZONE, TIME_ZONE_OPTIONS } from '@robot-ads/contracts/playlists/playlists.schemas';
import { DatePicker, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lastDays, monthRange, type ReportRange, todayIn } from '../../lib/statistics/range';

/** Zones offered besides the plan's: the spec's list and a few with half-hour and 45-minute offsets. */
const EXTRA_ZONES = ['Asia/Kolkata', 'Asia/Kathmandu', 'UTC'];

/**
 * The zones, each labelled with its IANA name (an identifier, not text to translate) and its offset now:
 * the plan's own zone, the default (China) and UTC first, then the others from west to east.
 */
export function zoneOptions(
  own?: string,
  now = new Date(),
): Array<{ value: string; label: ReactNode; search: string }> {
  const at = Math.floor(now.getTime() / 1000);
  const first = [own ?? DEFAULT_TIME_ZONE, DEFAULT_TIME_ZONE, 'UTC'];
  const rest = [...TIME_ZONE_OPTIONS.map((o) => o.zone), ...EXTRA_ZONES]
    .filter((z) => !first.includes(z))
    .sort((a, b) => offsetMinutes(at, a) - offsetMinutes(at, b) || a.localeCompare(b));
  return [...new Set([...first, ...rest])].map((z) => {
    const text = zoneLabel(z, at);
    return { value: z, label: <span translate="no">{text}</span>, search: text.toLowerCase() };
  });
}

/** Date range (local days) and time zone of a report; `extra` holds the page's buttons (export). */
export function ReportFilters({
  range,
  onChange,
  ownZone,
  planPeriod,
  extra,
}: {
  range: ReportRange;
  onChange: (r: ReportRange) => void;
  ownZone?: string;
  /** The plan's whole period in its zone (a preset). */
  planPeriod?: ReportRange;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('statistics');
  const zone = range.timeZone;
  const today = todayIn(zone);
  const preset = (label: string, r: ReportRange) => ({
    label,
    value: [dayjs(r.from), dayjs(r.to)] as [dayjs.Dayjs, dayjs.Dayjs],
  });
  const presets = [
    preset(t('filters.today'), lastDays(1, zone)),
    preset(t('filters.last7'), lastDays(7, zone)),
    preset(t('filters.last30'), lastDays(30, zone)),
    preset(t('filters.thisMonth'), monthRange(0, zone)),
    preset(t('filters.lastMonth'), monthRange(-1, zone)),
    ...(planPeriod ? [preset(t('filters.planPeriod'), planPeriod)] : []),
  ];
  return (
    <Space wrap size="middle" className="ra-report-filters">
      <Space>
        <Typography.Text>{t('filters.range')}</Typography.Text>
        <DatePicker.RangePicker
          aria-label={t('filters.range')}
          allowClear={false}
          presets={presets}
          // A day after today (in the report's zone) has no figures yet.
          disabledDate={(d) => d.format('YYYY-MM-DD') > today}
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
          showSearch={{ filterOption: (input, option) => (option?.search ?? '').includes(input.trim().toLowerCase()) }}
          options={zoneOptions(ownZone)}
          onChange={(timeZone) => onChange({ ...range, timeZone })}
        />
      </Space>
      {extra}
    </Space>
  );
}
