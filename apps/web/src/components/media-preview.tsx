import { FileOutlined, FilePdfOutlined, FilePptOutlined, Html5Outlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';

export interface PreviewMedia {
  kind: string;
  url: string;
  name?: string;
  width?: number | null;
  height?: number | null;
  thumbnail?: string | null;
}

/**
 * Shows a material at its true ratio inside a box: videos play (with controls unless `muted` autoplay
 * is asked), pictures keep their proportions, documents show a labelled icon linking to the file.
 */
export function MediaPreview({
  media,
  maxWidth = 360,
  maxHeight = 480,
  autoPlay = false,
  controls = true,
  fill = false,
  style,
}: {
  media: PreviewMedia;
  maxWidth?: number;
  maxHeight?: number;
  autoPlay?: boolean;
  controls?: boolean;
  /** Fill the parent (the robot frame) instead of fitting a box. */
  fill?: boolean;
  style?: CSSProperties;
}) {
  const ratio = media.width && media.height ? media.width / media.height : 9 / 16;
  let width = maxWidth;
  let height = width / ratio;
  if (height > maxHeight) {
    height = maxHeight;
    width = height * ratio;
  }
  const box: CSSProperties = fill
    ? { width: '100%', height: '100%', objectFit: 'cover', display: 'block', ...style }
    : { width, height, objectFit: 'contain', display: 'block', background: '#000', ...style };
  if (media.kind === 'video') {
    return (
      <video
        data-testid="media-preview-video"
        src={media.url}
        poster={media.thumbnail ?? undefined}
        style={box}
        controls={controls}
        autoPlay={autoPlay}
        muted={autoPlay}
        loop={autoPlay}
        playsInline
        preload="metadata"
      />
    );
  }
  if (media.kind === 'picture') {
    return <img data-testid="media-preview-picture" src={media.url} alt={media.name ?? ''} style={box} />;
  }
  const Icon =
    media.kind === 'pdf'
      ? FilePdfOutlined
      : media.kind === 'ppt'
        ? FilePptOutlined
        : media.kind === 'html'
          ? Html5Outlined
          : FileOutlined;
  return (
    <a
      href={media.url}
      target="_blank"
      rel="noreferrer"
      style={{
        ...box,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'var(--ant-color-fill-tertiary, #f5f5f5)',
        color: 'inherit',
      }}
    >
      <Icon style={{ fontSize: Math.min(64, (fill ? 64 : width) / 3) }} />
      <span style={{ marginTop: 8, wordBreak: 'break-all', padding: 4, textAlign: 'center' }}>{media.name}</span>
    </a>
  );
}
