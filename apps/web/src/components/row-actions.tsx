import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormFailure } from '../lib/form-errors';

/** One button of a row. */
export interface RowAction {
  key: string;
  label: ReactNode;
  onClick: () => unknown;
  /** Asks first (a question ending in "?"): a Popconfirm inline, a confirm dialog from the menu. */
  confirm?: ReactNode;
  danger?: boolean;
  primary?: boolean;
  disabled?: boolean;
  /** Hidden when false (the rules of the row or the role). */
  visible?: boolean;
}

/**
 * The actions of a list row: the first `inline` visible ones as small buttons, the rest behind "More"
 * (a menu), so that the fixed actions column stays narrow and never covers the data columns.
 */
export function RowActions({ actions, inline = 2 }: { actions: RowAction[]; inline?: number }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  // An action that fails shows why (lib/form-errors) and never leaves an unhandled rejection.
  const act = (a: RowAction): Promise<void> => {
    const fail = (error: unknown) => void showFormFailure(null, error, message.error);
    try {
      return Promise.resolve(a.onClick()).then(() => undefined, fail);
    } catch (error) {
      fail(error);
      return Promise.resolve();
    }
  };
  const shown = actions.filter((a) => a.visible !== false);
  // "More" for a single action would take the room of the action itself.
  const head = shown.length <= inline + 1 ? shown : shown.slice(0, inline);
  const rest = shown.slice(head.length);
  const run = (a: RowAction) => {
    if (!a.confirm) return void act(a);
    modal.confirm({
      title: a.confirm,
      okButtonProps: { danger: a.danger },
      onOk: () => act(a),
    });
  };
  return (
    <Space size={4}>
      {head.map((a) => {
        const button = (
          <Button
            key={a.key}
            size="small"
            type={a.primary ? 'primary' : 'link'}
            danger={a.danger}
            disabled={a.disabled}
            onClick={a.confirm ? undefined : () => void act(a)}
          >
            {a.label}
          </Button>
        );
        return a.confirm ? (
          <Popconfirm key={a.key} title={a.confirm} onConfirm={() => act(a)} disabled={a.disabled}>
            {button}
          </Popconfirm>
        ) : (
          button
        );
      })}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((a) => ({ key: a.key, label: a.label, danger: a.danger, disabled: a.disabled })),
            onClick: ({ key }) => {
              const a = rest.find((x) => x.key === key);
              if (a) run(a);
            },
          }}
        >
          <Button size="small" type="link" aria-haspopup="menu">
            {t('actions.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
