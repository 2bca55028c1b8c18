import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { OVERLAY_POSITIONS, type OverlayPosition } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { formatBytes, UPLOAD_LIMITS } from '@robot-ads/contracts/media/media.rules';
import { Button, Form, Progress, Select, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lang } from '../../../lib/i18n';
import { UploadCanceled } from '../../../lib/media-upload';
import { checkOverlayPicture, uploadOverlayPicture } from '../../../lib/picture-upload';
import { failureText } from '../api/ads';

export type OverlayRole = 'qr' | 'watermark';

/** What the editor holds of a QR code or watermark: the picture (with links to show it) and its position. */
export interface OverlayValue {
  mediaId: string | null;
  position: OverlayPosition | null;
  name?: string;
  url?: string;
  thumbnail?: string | null;
}

export const NO_OVERLAY: OverlayValue = { mediaId: null, position: null };

/**
 * The catalogue code of an incomplete QR code or watermark (the server's rule, checked before saving):
 * a picture needs a position and a position a picture.
 */
export function overlayIssue(
  value: OverlayValue,
): 'AD_OVERLAY_POSITION_REQUIRED' | 'AD_OVERLAY_PICTURE_REQUIRED' | null {
  if (value.mediaId && !value.position) return 'AD_OVERLAY_POSITION_REQUIRED';
  if (!value.mediaId && value.position) return 'AD_OVERLAY_PICTURE_REQUIRED';
  return null;
}

const THUMB = 64;

/**
 * One section of the ad editor: upload a QR code (or watermark) picture with the QR rules (checked in
 * the browser, then by the server from the stored bytes), see it, choose one of the six positions of
 * spec section 9, or remove it.
 */
export function OverlayField({
  overlay: role,
  value,
  onChange,
  error,
}: {
  overlay: OverlayRole;
  value: OverlayValue;
  onChange: (next: OverlayValue) => void;
  /** A refusal to show under the section (from saving). */
  error?: string | null;
}) {
  const { t } = useTranslation('ads');
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  // The latest value, for an upload that ends after the position changed.
  const latest = useRef(value);
  latest.current = value;
  const title = t(`overlay.${role}`);

  useEffect(() => () => controller.current?.abort(), []);

  async function upload(file: File) {
    setFailure(null);
    const { refusal, ext } = await checkOverlayPicture(file);
    if (refusal || !ext) {
      setFailure(messageFor(refusal?.code ?? 'UPLOAD_UNREADABLE', lang(), refusal?.params ?? { file: file.name }));
      return;
    }
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setPercent(0);
    try {
      const media = await uploadOverlayPicture(file, ext, setPercent, abort.signal);
      onChange({
        ...latest.current,
        mediaId: media.id,
        name: media.name,
        url: media.url,
        thumbnail: media.thumbnail,
      });
    } catch (err) {
      setFailure(err instanceof UploadCanceled ? err.message : failureText(err));
    } finally {
      if (controller.current === abort) controller.current = null;
      setPercent(null);
    }
  }

  const shown = error ?? failure;
  const uploading = percent !== null;
  return (
    <Form.Item
      label={title}
      validateStatus={shown ? 'error' : undefined}
      help={shown ?? undefined}
      data-testid={`overlay-${role}`}
    >
      <Space align="start" size="middle">
        <div
          style={{
            width: THUMB,
            height: THUMB,
            border: '1px dashed #d9d9d9',
            borderRadius: 6,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: '#fafafa',
            overflow: 'hidden',
          }}
        >
          {value.mediaId && value.url ? (
            <img
              src={value.thumbnail ?? value.url}
              alt={value.name ?? title}
              data-testid={`overlay-${role}-thumbnail`}
              style={{ maxWidth: THUMB, maxHeight: THUMB, objectFit: 'contain' }}
            />
          ) : (
            <PictureOutlined style={{ fontSize: 24, color: '#bfbfbf' }} />
          )}
        </div>
        <Space orientation="vertical" size={4}>
          <Space wrap>
            <Upload
              accept=".jpg,.jpeg,.png,.bmp"
              showUploadList={false}
              disabled={uploading}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                {value.mediaId ? t('overlay.replace') : t('overlay.upload')}
              </Button>
            </Upload>
            <Select<OverlayPosition>
              aria-label={t('overlay.positionOf', { what: title })}
              placeholder={t('overlay.pickPosition')}
              style={{ width: 170 }}
              value={value.position ?? undefined}
              onChange={(position) => onChange({ ...value, position })}
              options={OVERLAY_POSITIONS.map((p) => ({ value: p, label: t(`overlay.positions.${p}`) }))}
            />
            {(value.mediaId || value.position) && (
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('overlay.removeOf', { what: title })}
                onClick={() => {
                  setFailure(null);
                  onChange(NO_OVERLAY);
                }}
              >
                {t('overlay.remove')}
              </Button>
            )}
          </Space>
          {uploading && (
            <Space>
              <Progress
                percent={percent}
                size="small"
                status="active"
                style={{ width: 200 }}
                aria-label={t('common:a11y.uploadProgress')}
              />
              <Button size="small" onClick={() => controller.current?.abort()}>
                {t('overlay.cancel')}
              </Button>
            </Space>
          )}
          <Typography.Text type="secondary">
            {value.name ? `${value.name} · ` : ''}
            {t('overlay.hint', { max: formatBytes(UPLOAD_LIMITS.qrBytes) })}
          </Typography.Text>
        </Space>
      </Space>
    </Form.Item>
  );
}
