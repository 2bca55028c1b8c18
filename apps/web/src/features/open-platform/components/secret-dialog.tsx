import { Alert, Button, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A secret shown this once (a client secret, a signing secret), each value copyable. */
export function SecretDialog(props: {
  open: boolean;
  title: string;
  warning: string;
  values: { label: string; value: string }[];
  footnote?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation('open-platform');
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      footer={
        <Button type="primary" onClick={props.onClose}>
          {t('apiUsers.secretDone')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={props.warning} style={{ marginBottom: 16 }} />
      {props.values.map((v) => (
        <Typography.Paragraph key={v.label}>
          {v.label}:{' '}
          <Typography.Text code copyable>
            {v.value}
          </Typography.Text>
        </Typography.Paragraph>
      ))}
      {props.footnote ? <Typography.Paragraph type="secondary">{props.footnote}</Typography.Paragraph> : null}
    </Modal>
  );
}
