import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePictureUpload } from '../../../lib/picture-upload';

export interface BannerPictureValue {
  mediaId: string;
  url: string;
  name?: string;
}

/**
 * The banner's picture: checked in the browser with the shared picture rule (jpg/jpeg/png/bmp, at most
 * 2MB, type from the bytes), uploaded to storage, then checked again and registered by the server.
 */
export function BannerPicture({
  value,
  onChange,
}: {
  value?: BannerPictureValue | null;
  onChange?: (value: BannerPictureValue | null) => void;
}) {
  const { t } = useTranslation('wechat');
  const { percent, failure, upload } = usePictureUpload('qr', (media) =>
    onChange?.({ mediaId: media.id, url: media.url, name: media.name }),
  );

  return (
    <Space orientation="vertical" size={8}>
      <div
        style={{
          width: 240,
          height: 100,
          border: '1px dashed #d9d9d9',
          borderRadius: 6,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fafafa',
          overflow: 'hidden',
        }}
      >
        {value?.url ? (
          <img
            src={value.url}
            alt={value.name ?? t('banners.picture')}
            data-testid="banner-picture"
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <PictureOutlined style={{ fontSize: 28, color: '#bfbfbf' }} />
        )}
      </div>
      <Upload
        accept=".jpg,.jpeg,.png,.bmp"
        showUploadList={false}
        disabled={percent !== null}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={percent !== null}>
          {value ? t('banners.replacePicture') : t('banners.uploadPicture')}
        </Button>
      </Upload>
      {percent !== null && (
        <Progress
          percent={percent}
          size="small"
          status="active"
          style={{ width: 240 }}
          aria-label={t('common:a11y.uploadProgress')}
        />
      )}
      <Typography.Text type={failure ? 'danger' : 'secondary'}>{failure ?? t('banners.pictureRule')}</Typography.Text>
    </Space>
  );
}
