import { SearchOutlined } from '@ant-design/icons';
import Input from 'antd/es/input/Input';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Search = ComponentType<{ initialText?: string }>;
let loaded: Promise<Search> | null = null;
/** antd's AutoComplete brings Select and its virtual list (about 25 KB gzipped). */
const loadSearch = () => {
  loaded ??= import('./menu-search').then((m) => m.MenuSearch);
  return loaded;
};

/**
 * The sidebar's menu search: the same small input until the pointer comes near or it takes the focus;
 * then the real search (antd AutoComplete) takes its place, with the focus and whatever was typed, so
 * the logged-in pages do not load it before someone searches.
 */
export function MenuSearchSlot() {
  const { t } = useTranslation();
  const [Search, setSearch] = useState<Search | null>(null);
  const [text, setText] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const focusOnMount = useRef(false);

  useEffect(() => {
    if (!Search || !focusOnMount.current) return;
    focusOnMount.current = false;
    const input = box.current?.querySelector<HTMLInputElement>('input');
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, [Search]);

  const load = (focus: boolean) => {
    if (focus) focusOnMount.current = true;
    void loadSearch().then((component) => setSearch(() => component));
  };
  if (Search) {
    return (
      <div ref={box} style={{ display: 'contents' }}>
        <Search initialText={text} />
      </div>
    );
  }
  return (
    <div className="ra-menu-search">
      <Input
        size="small"
        prefix={<SearchOutlined aria-hidden="true" />}
        placeholder={t('menu.search')}
        aria-label={t('menu.search')}
        data-testid="menu-search-slot"
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="list"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          load(true);
        }}
        onPointerEnter={() => load(false)}
        onFocus={() => load(true)}
      />
    </div>
  );
}
