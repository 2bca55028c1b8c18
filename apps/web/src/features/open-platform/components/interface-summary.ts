import { useTranslation } from 'react-i18next';

/**
 * The description of an open interface in the page language. The server describes each call in English
 * (its OpenAPI summary); the locale's `interfaceSummaries` (keyed "METHOD /path") gives the zh text, and the
 * server's is kept for a call the locale does not know yet.
 */
export function useInterfaceSummary(): (i: { key: string; summary: string }) => string {
  const { t, i18n } = useTranslation('open-platform');
  const summaries = t('interfaceSummaries', { returnObjects: true, defaultValue: {} }) as Record<string, string>;
  return (i) => (i18n.language !== 'en' && typeof summaries === 'object' && summaries[i.key]) || i.summary;
}
