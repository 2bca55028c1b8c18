import type { Language } from '@robot-ads/contracts/common/language';
import { useTranslation } from 'react-i18next';
import { lang } from '../../../lib/i18n';
import { switchLanguage } from '../../../lib/settings';

const NAMES: Record<Language, string> = { zh: '中文', en: 'English' };

/** The login screen's language choice: two buttons (light: the login page loads no menu component). */
export function LanguageToggle() {
  const { t } = useTranslation();
  const current = lang();
  return (
    <fieldset className="ra-login-langs" aria-label={t('topbar.language')} style={{ border: 'none', margin: 0 }}>
      {(Object.keys(NAMES) as Language[]).map((key) => (
        <button
          key={key}
          type="button"
          lang={key}
          aria-pressed={key === current}
          onClick={() => key !== current && switchLanguage(key)}
        >
          {NAMES[key]}
        </button>
      ))}
    </fieldset>
  );
}
