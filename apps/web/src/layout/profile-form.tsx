import { checkEmail, checkName, checkPhone } from '@robot-ads/contracts/accounts/accounts.rules';
import type { currentUserResponse, profileBody } from '@robot-ads/contracts/accounts/accounts.schemas';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { App, Form, type FormInstance, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, api } from '../lib/api-client';
import { validValues } from '../lib/form-errors';
import { lang } from '../lib/i18n';
import { checkRule } from '../lib/rules';
import { sessionStore, updateUser } from '../lib/session';

export interface ProfileValues {
  name: string;
  phone: string;
  email: string;
  sex: 'male' | 'female' | '';
  contactPhone?: string;
}

const FIELDS = ['name', 'phone', 'email', 'sex', 'contactPhone'] as const;

/** Saves one's own profile (PUT /api/Users); server refusals land on their field, others say "fail to edit". */
export function useProfileSave(form: FormInstance<ProfileValues>, onSaved?: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const user = sessionStore.get().user;
    if (!user) return;
    const values = await validValues(form);
    if (!values) return;
    setBusy(true);
    try {
      const body: z.input<typeof profileBody> = {
        id: user.id,
        name: values.name.trim(),
        phone: values.phone.trim(),
        email: (values.email ?? '').trim(),
        sex: values.sex ?? '',
        ...(user.role === 'project' ? { contactPhone: (values.contactPhone ?? '').trim() } : {}),
      };
      const updated = await api.put<z.infer<typeof currentUserResponse>>('/api/Users', body, { silent: true });
      updateUser(updated);
      message.success(t('profile.saved'));
      onSaved?.();
    } catch (err) {
      const error = err instanceof ApiError ? err : null;
      const field = FIELDS.find((f) => f === error?.field);
      if (error && field) {
        const text = error.code === 'VALIDATION_FAILED' ? error.message.replace(/^[^:：]+[:：]\s*/, '') : error.message;
        form.setFields([{ name: field, errors: [text] }]);
      } else {
        message.error(messageFor('EDIT_FAILED', lang()));
      }
    } finally {
      setBusy(false);
    }
  };
  return { save, busy };
}

/** The profile fields with the section 5 rules from the contracts (name and phone checked on blur). */
export function ProfileFields({ form, onFinish }: { form: FormInstance<ProfileValues>; onFinish: () => void }) {
  const { t } = useTranslation();
  const user = sessionStore.use((s) => s.user);
  if (!user) return null;
  const isProject = user.role === 'project';
  return (
    <Form
      form={form}
      layout="vertical"
      name="profile"
      onFinish={onFinish}
      initialValues={{
        name: user.name,
        phone: user.phone,
        email: user.email,
        sex: user.sex,
        contactPhone: user.contact?.phone ?? '',
      }}
    >
      <Form.Item
        name="name"
        label={t('profile.name')}
        required
        validateTrigger={['onBlur', 'onSubmit']}
        rules={[checkRule(checkName)]}
      >
        <Input maxLength={15} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('profile.phone')}
        required
        validateTrigger={['onBlur', 'onSubmit']}
        rules={[checkRule((v) => checkPhone(v, lang()))]}
      >
        <Input maxLength={16} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      {isProject && (
        <Form.Item
          name="contactPhone"
          label={t('profile.contactPhone')}
          validateTrigger={['onBlur', 'onSubmit']}
          rules={[checkRule((v) => (v.trim() ? checkPhone(v, lang()) : null))]}
        >
          <Input maxLength={16} inputMode="tel" />
        </Form.Item>
      )}
      <Form.Item
        name="email"
        label={t('profile.email')}
        validateTrigger={['onBlur', 'onSubmit']}
        rules={[checkRule(checkEmail)]}
      >
        <Input maxLength={254} autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item name="sex" label={t('profile.sex')}>
        <Radio.Group
          options={[
            { value: 'male', label: t('profile.male') },
            { value: 'female', label: t('profile.female') },
          ]}
        />
      </Form.Item>
    </Form>
  );
}
