import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FilterField {
  key: string;
  label: string;
  /** A choice from options (applied at once); without options a text searched on Enter or Search. */
  options?: { value: string; label: string }[];
}

/** The filter row above a server-paged list: texts applied on Enter or Search, choices at once. */
export function FilterBar<F extends Record<string, string | undefined>>({
  fields,
  value,
  onApply,
}: {
  fields: FilterField[];
  value: F;
  onApply: (next: F) => void;
}) {
  const { t } = useTranslation('accounts');
  const [texts, setTexts] = useState<Record<string, string>>({});
  const withTexts = (base: F): F => {
    const next: Record<string, string | undefined> = { ...base };
    for (const f of fields) if (!f.options) next[f.key] = texts[f.key]?.trim() || undefined;
    return next as F;
  };
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {fields.map((f) =>
        f.options ? (
          <Select
            key={f.key}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 170 }}
            placeholder={f.label}
            aria-label={f.label}
            value={value[f.key]}
            onChange={(v?: string) => onApply(withTexts({ ...value, [f.key]: v || undefined }))}
            options={f.options}
          />
        ) : (
          <Input
            key={f.key}
            allowClear
            placeholder={f.label}
            aria-label={f.label}
            value={texts[f.key] ?? ''}
            onChange={(e) => setTexts((s) => ({ ...s, [f.key]: e.target.value }))}
            onPressEnter={() => onApply(withTexts(value))}
          />
        ),
      )}
      <Button onClick={() => onApply(withTexts(value))}>{t('search')}</Button>
    </Space>
  );
}
