import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Popover, Tooltip } from 'antd';
import { useState } from 'react';
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

/** The 11 themes of spec section 1, each previewed by its sidebar, header and page colours. */
export function ThemePicker() {
  const { t } = useTranslation();
  const theme = settingsStore.use((s) => s.theme);
  const [open, setOpen] = useState(false);
  const content = (
    <fieldset className="ra-theme-grid" aria-label={t('topbar.theme')}>
      {THEME_NAMES.map((name) => (
        <Swatch
          key={name}
          name={name}
          selected={name === theme}
          onPick={() => {
            settingsStore.set((s) => ({ ...s, theme: name }));
            setOpen(false);
          }}
        />
      ))}
    </fieldset>
  );
  return (
    <Popover
      content={content}
      title={t('topbar.theme')}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      <Tooltip title={t('topbar.theme')}>
        <Button type="text" className="ra-topbar-btn" icon={<BgColorsOutlined />} aria-label={t('topbar.theme')} />
      </Tooltip>
    </Popover>
  );
}
