import { ColorPicker, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '../lib/settings';
import { PRESET_COLOURS } from '../lib/themes';

/**
 * The colour picker (default #409EFF): the picked colour becomes antd's primary colour. Its trigger is a real
 * button named "theme colour" (antd's own trigger is a plain div: a name on it is `aria-prohibited-attr`, and
 * it cannot be reached with the keyboard).
 */
export function ColourPicker() {
  const { t } = useTranslation();
  const colour = settingsStore.use((s) => s.colour);
  return (
    <Tooltip title={t('topbar.colour')}>
      <span className="ra-colour-picker">
        <ColorPicker
          size="small"
          value={colour}
          disabledAlpha
          presets={[{ label: t('topbar.presetColours'), colors: PRESET_COLOURS }]}
          onChangeComplete={(value) => settingsStore.set((s) => ({ ...s, colour: value.toHexString().toUpperCase() }))}
        >
          <button type="button" className="ra-colour-trigger" aria-label={t('topbar.colour')} aria-haspopup="dialog">
            <span className="ra-colour-swatch" style={{ background: colour }} />
          </button>
        </ColorPicker>
      </span>
    </Tooltip>
  );
}
