import { lang } from '../i18n';
import { formatCount } from './format';

/** The number formatter of the user's language (万 in zh). */
export function useCount(): (n: number) => string {
  const language = lang();
  return (n: number) => formatCount(n, language);
}
