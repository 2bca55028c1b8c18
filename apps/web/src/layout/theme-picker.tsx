import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The themes' popover (antd Popover) loads on the button's first click. */
const ThemePopover = lazy(() => import('./theme-popover'));

/** The top bar's theme button: the 11 themes of spec section 1 (layout/theme-popover.tsx). */
export function ThemePicker() {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const button = (onClick?: () => void) => (
    <Tooltip title={t('topbar.theme')}>
      <Button
        type="text"
        className="ra-topbar-btn"
        icon={<BgColorsOutlined />}
        aria-label={t('topbar.theme')}
        onClick={onClick}
      />
    </Tooltip>
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
