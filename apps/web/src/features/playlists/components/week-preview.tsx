import { activeIntervals } from '@robot-ads/contracts/playback/schedule.rules';
import { startOfLocalDay, wallClock } from '@robot-ads/contracts/playback/zoned-time';
import type { Cycle, PlayPeriod } from '@robot-ads/contracts/playlists/playlists.schemas';
import { Button, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const DAY = 86_400;

/**
 * A week calendar of when a plan plays (Monday first), in the plan's time zone, computed by the
 * playback engine's own schedule rule so the preview and the devices agree.
 */
export function WeekPreview({
  begin,
  end,
  timeZone,
  cycle,
  times,
}: {
  begin: number;
  end: number;
  timeZone: string;
  cycle: Cycle;
  times: PlayPeriod[];
}) {
  const { t } = useTranslation('delivery');
  const [offset, setOffset] = useState(0);
  const weekStart = useMemo(() => {
    // Open on the week of the plan's next play (on a Sunday evening that is next week), else this week.
    let from = Math.max(begin, Math.floor(Date.now() / 1000));
    try {
      const next = activeIntervals(
        { id: 'preview', priority: 5, playingMode: 'order', begin, end, timeZone, cycle, times },
        from,
        Math.min(end, from + 366 * DAY),
      )[0];
      if (next) from = Math.max(from, next.start);
    } catch {
      // An incomplete form has no plays yet: stay on this week.
    }
    const w = wallClock(from, timeZone);
    const monday = startOfLocalDay({ year: w.year, month: w.month, day: w.day }, timeZone) - (w.weekday - 1) * DAY;
    return monday + offset * 7 * DAY;
  }, [begin, end, timeZone, cycle, times, offset]);
  const cells = useMemo(() => {
    const grid: boolean[][] = Array.from({ length: 7 }, () => Array(24).fill(false));
    let intervals: Array<{ start: number; end: number }> = [];
    try {
      intervals = activeIntervals(
        { id: 'preview', priority: 5, playingMode: 'order', begin, end, timeZone, cycle, times },
        weekStart,
        weekStart + 7 * DAY + 3600,
      );
    } catch {
      intervals = [];
    }
    for (const iv of intervals) {
      for (let s = iv.start; s < iv.end; s += 900) {
        const w = wallClock(s, timeZone);
        const dayIndex = Math.floor((s - weekStart) / DAY);
        if (dayIndex >= 0 && dayIndex < 7) (grid[w.weekday - 1] as boolean[])[w.hour] = true;
      }
    }
    return grid;
  }, [begin, end, timeZone, cycle, times, weekStart]);
  const first = wallClock(weekStart, timeZone);
  const days = t('preview.weekdays', { returnObjects: true }) as string[];
  return (
    <div data-testid="week-preview">
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setOffset((o) => o - 1)} aria-label={t('preview.previous')}>
          ‹
        </Button>
        <Typography.Text>
          {t('preview.weekOf', {
            date: `${first.year}-${String(first.month).padStart(2, '0')}-${String(first.day).padStart(2, '0')}`,
          })}
        </Typography.Text>
        <Button size="small" onClick={() => setOffset((o) => o + 1)} aria-label={t('preview.next')}>
          ›
        </Button>
      </Space>
      <div style={{ display: 'grid', gridTemplateColumns: '48px repeat(24, 1fr)', gap: 1, fontSize: 11 }}>
        <div />
        {Array.from({ length: 24 }, (_, h) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed hour columns
          <div key={h} style={{ textAlign: 'center', color: 'var(--ant-color-text-description, #595959)' }}>
            {h % 3 === 0 ? h : ''}
          </div>
        ))}
        {cells.map((row, d) => (
          <Row key={days[d] ?? d} label={days[d] ?? String(d + 1)} row={row} playing={t('preview.playing')} />
        ))}
      </div>
    </div>
  );
}

function Row({ label, row, playing }: { label: string; row: boolean[]; playing: string }) {
  return (
    <>
      <div style={{ color: '#555' }}>{label}</div>
      {row.map((on, h) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed hour columns
          key={h}
          title={on ? `${label} ${h}:00 ${playing}` : undefined}
          data-on={on ? 'true' : undefined}
          style={{
            height: 16,
            borderRadius: 2,
            background: on ? 'var(--ant-color-primary, #3574F7)' : 'rgba(0,0,0,0.06)',
          }}
        />
      ))}
    </>
  );
}
