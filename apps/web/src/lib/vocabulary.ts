import { INDUSTRIES, type Industry } from '@robot-ads/contracts/customers/enterprise.rules';
import { i18n } from './i18n';

/**
 * An industry in the user's language (the catalogue of GB/T 4754, vocabulary:industry.<value>, shared with the server's exports). A value outside the
 * catalogue is a free text typed by a person (a device's industry imported from a sheet) and shows as typed.
 */
export function industryText(value: string | null | undefined): string {
  if (!value) return '-';
  return (INDUSTRIES as readonly string[]).includes(value) ? i18n.t(`vocabulary:industry.${value}`) : value;
}

/** The catalogue's industries as the options of a Select, each in the user's language (as industryText). */
export function industryOptions(): { value: Industry; label: string }[] {
  return INDUSTRIES.map((value) => ({ value, label: industryText(value) }));
}
