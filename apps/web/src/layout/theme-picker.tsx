import { BgColorsOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TopbarButton } from './topbar-button';

/** The themes' popover (antd Popover) loads on the button's first click. */
const ThemePopover = lazy(() => import('./theme-popover'));

/** The top bar's theme button: the 11 themes of spec section 1 (layout/theme-popover.tsx). */
export function ThemePicker() {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const button = (onClick?: () => void) => (
    <TopbarButton label={t('topbar.theme')} icon={<BgColorsOutlined />} onClick={onClick} />
  );
  const first = button(() => {
    setWanted(true);
    setOpen(true);
  });
  if (!wanted) return first;
  return (
    <Suspense fallback={first}>
      <ThemePopover open={open} onOpenChange={setOpen}>
        {button()}
      </ThemePopover>
    </Suspense>
  );
}
