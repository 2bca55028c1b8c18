import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPreview } from '../../../components/media-preview';
import type { AdMaterial } from '../api/ads';

/** The robot's portrait screen (1080x1920) drawn at this width. */
const FRAME_WIDTH = 270;
const FRAME_HEIGHT = (FRAME_WIDTH * 1920) / 1080;

function media(m: AdMaterial) {
  return { kind: m.kind, url: m.mdpath, name: m.name, width: m.width, height: m.height, thumbnail: m.thumbnail };
}

/**
 * A live preview of an ad in the robot's screen frame: template 1 fills the screen, template 2 shows
 * the 1080x600 banner over the 1080x1320 main area. Screens advance by their duration.
 */
export function RobotPreview({ screens, template }: { screens: AdMaterial[][]; template: number }) {
  const { t } = useTranslation('ads');
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
    <Space direction="vertical" align="center">
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
          style={{ width: FRAME_WIDTH, height: FRAME_HEIGHT, background: '#000', overflow: 'hidden', borderRadius: 12 }}
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
