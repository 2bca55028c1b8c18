import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type NavItem, useNavItems } from './use-menus';

function leaves(nodes: NavItem[], trail: string[] = []): Array<{ item: NavItem; trail: string[] }> {
  return nodes.flatMap((node) =>
    node.children.length ? leaves(node.children, [...trail, node.label]) : [{ item: node, trail }],
  );
}

/** Prefix match on menu names; Enter opens the first (or highlighted) match, Esc closes. */
export function searchMenu(nodes: NavItem[], text: string) {
  const query = text.trim().toLowerCase();
  if (!query) return [];
  return leaves(nodes).filter(({ item }) => item.label.toLowerCase().startsWith(query));
}

/** `initialText`: what was typed into the stand-in before this search loaded (menu-search-slot.tsx). */
export function MenuSearch({ initialText = '' }: { initialText?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { items } = useNavItems();
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(initialText !== '');
  const matches = useMemo(() => searchMenu(items, text), [items, text]);

  const go = (item: NavItem) => {
    if (!item.path) return;
    navigate(item.path + (item.query ?? ''));
    setText('');
    setOpen(false);
  };

  return (
    <div className="ra-menu-search">
      <AutoComplete
        value={text}
        open={open && text.trim().length > 0}
        onOpenChange={setOpen}
        onChange={(value: string) => {
          setText(value);
          setOpen(true);
        }}
        onSelect={(key: string) => {
          const found = matches.find((m) => m.item.key === key);
          if (found) go(found.item);
        }}
        defaultActiveFirstOption
        options={matches.map(({ item, trail }) => ({
          value: item.key,
          label: (
            <span className="ra-search-option">
              <span>{item.label}</span>
              {trail.length > 0 && <span className="ra-search-trail">{trail.join(' / ')}</span>}
            </span>
          ),
        }))}
        notFoundContent={<span className="ra-search-none">{t('menu.searchNone')}</span>}
        style={{ width: '100%' }}
      >
        <Input
          size="small"
          allowClear
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder={t('menu.search')}
          aria-label={t('menu.search')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setOpen(false);
              setText('');
              (event.target as HTMLInputElement).blur();
            }
          }}
        />
      </AutoComplete>
    </div>
  );
}
