import { messageFor } from '@robot-ads/contracts/common/errors';
import { nameSchema } from '@robot-ads/contracts/devices/devices.schemas';
import type { FormInstance } from 'antd';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { lang } from '../../../lib/i18n';

/** The group-name field with the shared rule (2-15 characters, no illegal characters). */
export function GroupNameForm({ form }: { form: FormInstance<{ name: string }> }) {
  const { t } = useTranslation('devices');
  return (
    <Form form={form} layout="vertical">
      <Form.Item
        name="name"
        label={t('fields.groupName')}
        rules={[
          { required: true, whitespace: true, message: t('groups.nameRequired') },
          {
            validator: async (_, value: string | undefined) => {
              if (!value?.trim()) return;
              const parsed = nameSchema.safeParse(value);
              if (!parsed.success)
                throw new Error(messageFor(parsed.error.issues[0]?.message ?? 'NAME_LENGTH', lang()));
            },
          },
        ]}
      >
        <Input maxLength={30} autoFocus />
      </Form.Item>
    </Form>
  );
}
