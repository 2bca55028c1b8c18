/** The product's name: not translated, it ends every page title. */
export const BRAND = 'robot-ads';

export function setPageTitle(title: string): void {
  document.title = title ? `${title} - ${BRAND}` : BRAND;
}
