import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { OverlayPosition } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { Button, Space, Typography } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPreview } from '../../../components/media-preview';
import type { AdMaterial } from '../api/ads';

/** The robot's portrait screen (1080x1920) drawn at this width. */
const FRAME_WIDTH = 270;
const FRAME_HEIGHT = (FRAME_WIDTH * 1920) / 1080;
/** Frame pixels per robot pixel. */
const SCALE = FRAME_WIDTH / 1080;

/** A QR code or watermark to draw over the screen, where the player puts it (apps/player style.css). */
export interface PreviewOverlay {
  url?: string;
  position: OverlayPosition | null;
  name?: string;
}

/** The player's margins and sizes in robot pixels: 40 from the edges, a 220 QR code on white, a 240 wide watermark. */
const EDGE = 40 * SCALE;
const PLACES: Record<OverlayPosition, CSSProperties> = {
  upperLeft: { top: EDGE, left: EDGE },
  upperRight: { top: EDGE, right: EDGE },
  lowerLeft: { bottom: EDGE, left: EDGE },
  lowerRight: { bottom: EDGE, right: EDGE },
  bottomCenter: { bottom: EDGE, left: '50%', transform: 'translateX(-50%)' },
  topCenter: { top: EDGE, left: '50%', transform: 'translateX(-50%)' },
};
const LOOKS: Record<'qr' | 'watermark', CSSProperties> = {
  qr: {
    width: 220 * SCALE,
    height: 220 * SCALE,
    objectFit: 'contain',
    background: '#fff',
    padding: 8 * SCALE,
    boxSizing: 'content-box',
  },
  watermark: { width: 240 * SCALE, opacity: 0.85 },
};

function media(m: AdMaterial) {
  return { kind: m.kind, url: m.mdpath, name: m.name, width: m.width, height: m.height, thumbnail: m.thumbnail };
}

/**
 * A live preview of an ad in the robot's screen frame: template 1 fills the screen, template 2 shows
 * the 1080x600 banner over the 1080x1320 main area. Screens advance by their duration.
 */
export function RobotPreview({
  screens,
  template,
  qr,
  watermark,
}: {
  screens: AdMaterial[][];
  template: number;
  qr?: PreviewOverlay | null;
  watermark?: PreviewOverlay | null;
}) {
  const { t } = useTranslation('ads');
  const overlays = (
    [
      ['qr', qr],
      ['watermark', watermark],
    ] as const
  ).flatMap(([role, o]) => (o?.url && o.position ? [{ role, url: o.url, position: o.position }] : []));
  const [index, setIndex] = useState(0);
  const count = screens.length;
  const current = screens[Math.min(index, Math.max(0, count - 1))] ?? [];
  const duration = Math.max(3000, ...current.map((m) => m.duration || 10_000));

  useEffect(() => {
    if (count <= 1) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), duration);
    return () => clearTimeout(timer);
  }, [count, duration]);

  useEffect(() => {
    if (index >= count) setIndex(0);
  }, [count, index]);

  const banner = template === 2 ? current.find((m) => m.slot === 1) : undefined;
  const main = template === 2 ? current.find((m) => m.slot === 2) : current[0];

  return (
    <Space orientation="vertical" align="center">
      <div
        data-testid="robot-frame"
        data-template={template}
        style={{
          width: FRAME_WIDTH + 20,
          padding: 10,
          borderRadius: 28,
          background: '#1f1f1f',
          boxShadow: '0 6px 20px rgba(0,0,0,.25)',
        }}
      >
        <div
          data-testid="robot-screen"
          style={{
            position: 'relative',
            width: FRAME_WIDTH,
            height: FRAME_HEIGHT,
            background: '#000',
            overflow: 'hidden',
            borderRadius: 12,
          }}
        >
          {count === 0 ? (
            <div
              style={{
                color: '#aaa',
                height: '100%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                padding: 16,
                textAlign: 'center',
              }}
            >
              {t('preview.empty')}
            </div>
          ) : template === 2 ? (
            <>
              <div style={{ height: (FRAME_HEIGHT * 600) / 1920 }} data-testid="robot-slot-1">
                {banner && <MediaPreview media={media(banner)} fill autoPlay controls={false} />}
              </div>
              <div style={{ height: (FRAME_HEIGHT * 1320) / 1920 }} data-testid="robot-slot-2">
                {main && <MediaPreview media={media(main)} fill autoPlay controls={false} />}
              </div>
            </>
          ) : (
            main && <MediaPreview media={media(main)} fill autoPlay controls={false} />
          )}
          {overlays.map((o) => (
            <img
              key={o.role}
              src={o.url}
              alt={t(`overlay.${o.role}`)}
              data-testid="robot-overlay"
              data-role={o.role}
              data-position={o.position}
              style={{ position: 'absolute', zIndex: 2, ...LOOKS[o.role], ...PLACES[o.position] }}
            />
          ))}
        </div>
      </div>
      {count > 1 && (
        <Space>
          <Button
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('preview.previous')}
            onClick={() => setIndex((i) => (i - 1 + count) % count)}
          />
          <Typography.Text>{t('preview.screen', { n: Math.min(index, count - 1) + 1, count })}</Typography.Text>
          <Button
            size="small"
            icon={<RightOutlined />}
            aria-label={t('preview.next')}
            onClick={() => setIndex((i) => (i + 1) % count)}
          />
        </Space>
      )}
    </Space>
  );
}
