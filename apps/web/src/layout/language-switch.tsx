import { TranslationOutlined } from '@ant-design/icons';
import type { Language } from '@robot-ads/contracts/common/language';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../app/auth';
import { lang } from '../lib/i18n';
import { TopbarButton } from './topbar-button';

const NAMES: Record<Language, string> = { zh: '简体中文', en: 'English' };

/** zh / en; the choice is saved and the page reloads so antd's and dayjs's texts follow. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = lang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: (Object.keys(NAMES) as Language[]).map((key) => ({ key, label: <span lang={key}>{NAMES[key]}</span> })),
        onClick: ({ key }) => {
          if (key !== current) void changeLanguage(key as Language);
        },
      }}
    >
      <TopbarButton label={t('topbar.language')} icon={<TranslationOutlined />} />
    </Dropdown>
  );
}
