import { App, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaveError } from './server-error';

/** A dialog around a form: OK validates, saves, says so and closes; a failure stays on the form. */
export function FormModal<V>({
  open,
  title,
  form,
  saving,
  save,
  onClose,
  children,
  width,
  successText,
  failureText,
}: {
  open: boolean;
  title: string;
  form: FormInstance<V>;
  saving: boolean;
  save: (values: V) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  /** Said when it saved (default "saved") and when it failed without a field to show (default "save failed"). */
  successText?: string;
  failureText?: string;
}) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      okText={t('save')}
      confirmLoading={saving}
      destroyOnHidden
      width={width}
      onOk={async () => {
        try {
          await save(await form.validateFields());
          message.success(successText ?? t('saved'));
          onClose();
        } catch (error) {
          showSaveError(form, error, (text) => message.error(text), failureText ?? t('saveFailed'));
        }
      }}
    >
      {children}
    </Modal>
  );
}
