import { Tooltip, theme } from 'antd';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '../lib/settings';

let loaded: Promise<ComponentType> | null = null;
/** antd's ColorPicker brings its own Select, InputNumber, Slider, Segmented and Collapse (about 60 KB gzipped). */
const loadPicker = () => {
  loaded ??= import('./colour-picker').then((m) => m.ColourPicker);
  return loaded;
};

/**
 * The colour picker's swatch in the top bar, drawn like antd's small ColorPicker trigger. antd's picker
 * loads when the pointer comes near (or on focus) and takes the swatch's place on the first click, opened,
 * so the logged-in pages do not load it until someone picks a colour.
 */
export function ColourPickerSlot() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colour = settingsStore.use((s) => s.colour);
  const [Picker, setPicker] = useState<ComponentType | null>(null);
  const box = useRef<HTMLSpanElement>(null);
  const openOnMount = useRef(false);

  useEffect(() => {
    if (!Picker || !openOnMount.current) return;
    openOnMount.current = false;
    const trigger = box.current?.querySelector<HTMLElement>('.ra-colour-trigger');
    trigger?.click();
    trigger?.focus();
  }, [Picker]);

  if (Picker) {
    return (
      <span ref={box} style={{ display: 'contents' }}>
        <Picker />
      </span>
    );
  }
  const open = () => {
    openOnMount.current = true;
    void loadPicker().then((component) => setPicker(() => component));
  };
  return (
    <Tooltip title={t('topbar.colour')}>
      <span className="ra-colour-picker">
        <button
          type="button"
          aria-label={t('topbar.colour')}
          data-testid="colour-picker-slot"
          onPointerEnter={() => void loadPicker()}
          onFocus={() => void loadPicker()}
          onClick={open}
          style={{
            boxSizing: 'border-box',
            minWidth: token.controlHeightSM,
            minHeight: token.controlHeightSM,
            padding: token.paddingXXS - token.lineWidth,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
            borderRadius: token.borderRadiusSM,
            background: token.colorBgElevated,
            cursor: 'pointer',
            display: 'inline-flex',
            alignItems: 'flex-start',
            justifyContent: 'center',
          }}
        >
          <span
            style={{
              width: token.controlHeightXS,
              height: token.controlHeightXS,
              borderRadius: token.borderRadiusXS,
              background: colour,
              boxShadow: 'inset 0 0 1px 0 rgba(0, 0, 0, 0.25)',
            }}
          />
        </button>
      </span>
    </Tooltip>
  );
}
