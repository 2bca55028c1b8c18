import { ColorPicker, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '../lib/settings';
import { PRESET_COLOURS } from '../lib/themes';

/** The colour picker (default #409EFF): the picked colour becomes antd's primary colour. */
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
          aria-label={t('topbar.colour')}
        />
      </span>
    </Tooltip>
  );
}
