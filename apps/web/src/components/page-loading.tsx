import { useTranslation } from 'react-i18next';

/** Shown while a page's chunk or locale loads (plain CSS: part of every first load). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="ra-page-loading" role="status" aria-live="polite">
      <span className="ra-page-spinner" aria-hidden="true" />
      <span className="ra-visually-hidden">{t('status.loading')}</span>
    </div>
  );
}
