import { Alert, Button, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A secret shown this once (a client secret, a signing secret), each value copyable. The button says
 * "Copied" only once every value has been copied; until then it says "Close".
 */
export function SecretDialog(props: {
  open: boolean;
  title: string;
  warning: string;
  values: { label: string; value: string }[];
  footnote?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation('open-platform');
  const [copied, setCopied] = useState<ReadonlySet<string>>(new Set());
  const allCopied = props.values.length > 0 && props.values.every((v) => copied.has(v.label));
  const close = () => {
    setCopied(new Set());
    props.onClose();
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={close}
      footer={
        <Button type={allCopied ? 'primary' : 'default'} onClick={close}>
          {t(allCopied ? 'apiUsers.secretDone' : 'apiUsers.secretClose')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={props.warning} style={{ marginBottom: 16 }} />
      {props.values.map((v) => (
        <Typography.Paragraph key={v.label}>
          {v.label}:{' '}
          <Typography.Text code copyable={{ onCopy: () => setCopied((c) => new Set(c).add(v.label)) }}>
            {v.value}
          </Typography.Text>
        </Typography.Paragraph>
      ))}
      {props.footnote ? <Typography.Paragraph type="secondary">{props.footnote}</Typography.Paragraph> : null}
    </Modal>
  );
}
