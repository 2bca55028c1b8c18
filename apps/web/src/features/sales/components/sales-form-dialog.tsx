import { messageFor } from '@robot-ads/contracts/common/errors';
import { App, Form, type FormInstance, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { submitForm } from '../../../lib/form-errors';
import { lang } from '../../../lib/i18n';

/**
 * The create/edit dialog of a sales record (`kind`: its texts' namespace, `<kind>.create` / `<kind>.edit`):
 * OK validates the form, saves `body(values)` (with the record's id when editing), says so and closes;
 * a refusal naming a field shows under it.
 */
export function SalesFormDialog<V, B extends object>({
  kind,
  open,
  editingId,
  form,
  saving,
  body,
  save,
  onClose,
  initialValues,
  testId,
  children,
}: {
  kind: 'branches' | 'leads';
  open: boolean;
  /** The id of the record edited; null: a new one. */
  editingId: string | null;
  form: FormInstance<V>;
  saving: boolean;
  body: (values: V) => B;
  save: (body: B | (B & { id: string })) => Promise<unknown>;
  onClose: () => void;
  initialValues: Partial<V>;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('sales');
  const { message } = App.useApp();
  return (
    <Modal
      open={open}
      title={t(editingId ? `${kind}.edit` : `${kind}.create`)}
      okText={t('save')}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const saved = await submitForm(form, message.error, (v) => {
          const b = body(v);
          return save(editingId ? { ...b, id: editingId } : b);
        });
        if (saved) {
          message.success(t(editingId ? 'saved' : 'created'));
          onClose();
        }
      }}
    >
      <Form<V> form={form} layout="vertical" data-testid={testId} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}

/** The record's name field: 2 to 15 characters (the server's rule, NAME_LENGTH). */
export function SalesNameField() {
  const { t } = useTranslation('sales');
  return (
    <Form.Item
      name="name"
      label={t('fields.name')}
      rules={[{ required: true, whitespace: true, min: 2, max: 15, message: messageFor('NAME_LENGTH', lang()) }]}
    >
      <Input aria-label={t('fields.name')} />
    </Form.Item>
  );
}
