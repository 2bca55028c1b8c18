import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/** A row's remove button: asks `confirm`, removes, says saved. */
export function RemoveButton(props: { confirm: string; onRemove: () => Promise<unknown> }) {
  const { t } = useTranslation('open-platform');
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={props.confirm}
      onConfirm={async () => {
        await props.onRemove();
        message.success(t('saved'));
      }}
    >
      <Button size="small" danger>
        {t('remove')}
      </Button>
    </Popconfirm>
  );
}
