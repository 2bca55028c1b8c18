import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePictureUpload } from '../../../lib/picture-upload';

export interface Picture {
  mediaId: string;
  url: string;
  name: string;
}

const THUMB = 96;

/**
 * A licence or qualification picture (jpg/jpeg/png/bmp, at most 2MB, checked in the browser by the
 * shared picture rule, then again by the server): a thumbnail, upload or replace, remove.
 */
export function LicencePicture({
  value,
  onChange,
  disabled,
  testId,
}: {
  value?: Picture | null;
  onChange?: (next: Picture | null) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('accounts');
  const { percent, failure, upload, cancel } = usePictureUpload(
    'licence',
    (media) => onChange?.({ mediaId: media.id, url: media.url, name: media.name }),
    () => t('enterprise.pictureType'),
  );

  return (
    <Space align="start" data-testid={testId}>
      <div
        style={{
          width: THUMB,
          height: THUMB,
          border: '1px dashed #d9d9d9',
          borderRadius: 6,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {value ? (
          <img src={value.url} alt={value.name} style={{ maxWidth: THUMB, maxHeight: THUMB, objectFit: 'contain' }} />
        ) : (
          <PictureOutlined style={{ fontSize: 24, color: '#bfbfbf' }} />
        )}
      </div>
      <Space orientation="vertical" size={4}>
        <Space>
          <Upload
            accept=".jpg,.jpeg,.png,.bmp"
            showUploadList={false}
            disabled={disabled || percent !== null}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={percent !== null} disabled={disabled}>
              {value ? t('enterprise.replace') : t('enterprise.upload')}
            </Button>
          </Upload>
          {value && !disabled && (
            <Button
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(null)}
              aria-label={t('enterprise.removePicture')}
            />
          )}
        </Space>
        {percent !== null && (
          <Space>
            <Progress
              percent={percent}
              size="small"
              style={{ width: 160 }}
              aria-label={t('common:a11y.uploadProgress')}
            />
            <Button size="small" onClick={cancel}>
              {t('enterprise.cancelUpload')}
            </Button>
          </Space>
        )}
        <Typography.Text type={failure ? 'danger' : 'secondary'}>
          {failure ?? (value ? value.name : t('enterprise.pictureHint'))}
        </Typography.Text>
      </Space>
    </Space>
  );
}
