import { CheckOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { type ReactElement, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '../lib/settings';
import { PALETTES, THEME_NAMES, type ThemeName } from '../lib/themes';

function Swatch({ name, selected, onPick }: { name: ThemeName; selected: boolean; onPick: () => void }) {
  const { t } = useTranslation();
  const p = PALETTES[name];
  return (
    <button
      type="button"
      className={`ra-theme-swatch${selected ? ' is-selected' : ''}`}
      onClick={onPick}
      aria-pressed={selected}
      aria-label={t(`themes.${name}`)}
      data-theme-option={name}
    >
      <span className="ra-theme-preview" aria-hidden="true">
        <span className="ra-theme-preview-sider" style={{ background: p.siderBg }} />
        <span className="ra-theme-preview-main" style={{ background: p.bodyBg }}>
          <span className="ra-theme-preview-header" style={{ background: p.headerBg }} />
        </span>
        {selected && <CheckOutlined className="ra-theme-check" />}
      </span>
      <span className="ra-theme-name">{t(`themes.${name}`)}</span>
    </button>
  );
}

/**
 * The 11 themes of spec section 1 in a popover on the top bar's theme button, each previewed by its
 * sidebar, header and page colours. Loaded on the button's first click (layout/theme-picker.tsx).
 */
export default function ThemePopover({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactElement;
}) {
  const { t } = useTranslation();
  const theme = settingsStore.use((s) => s.theme);
  const box = useRef<HTMLSpanElement>(null);
  // The button drawn here replaces the one that was clicked: it keeps the focus.
  useEffect(() => box.current?.querySelector<HTMLElement>('button')?.focus(), []);
  const content = (
    <fieldset className="ra-theme-grid" aria-label={t('topbar.theme')}>
      {THEME_NAMES.map((name) => (
        <Swatch
          key={name}
          name={name}
          selected={name === theme}
          onPick={() => {
            settingsStore.set((s) => ({ ...s, theme: name }));
            onOpenChange(false);
          }}
        />
      ))}
    </fieldset>
  );
  return (
    <span ref={box} style={{ display: 'contents' }}>
      <Popover
        content={content}
        title={t('topbar.theme')}
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={onOpenChange}
      >
        {children}
      </Popover>
    </span>
  );
}
