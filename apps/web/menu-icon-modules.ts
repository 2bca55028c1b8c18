import type { Plugin } from 'vite';
import { MENU_CATALOGUE, type MenuEntry } from '../../packages/contracts/src/menus/menus.catalogue.ts';
import { MENU_ICON_NAMES } from './src/layout/menu-icon-names.ts';

/**
 * The menu icons' drawings (`@ant-design/icons-svg`), loaded as the sidebar draws them (layout/menu-icons.tsx),
 * come in a few files rather than 51 (alone, each compresses to about three times its share of a shared
 * file): the top-level entries' icons in one, each top-level section's other icons in one (loaded when the
 * section opens), the rest in one. `virtual:menu-icons` gives each icon's loader; the section modules
 * `virtual:menu-icons/<section>` export their icons' drawings by name.
 */
export function menuIconSections(): Map<string, string> {
  const sectionOf = new Map<string, string>();
  for (const top of MENU_CATALOGUE) sectionOf.set(top.icon, 'top');
  const walk = (entries: readonly MenuEntry[] | undefined, section: string) => {
    for (const entry of entries ?? []) {
      if (!sectionOf.has(entry.icon)) sectionOf.set(entry.icon, section);
      walk(entry.children, section);
    }
  };
  for (const top of MENU_CATALOGUE) walk(top.children, top.path.replace(/\W+/g, ''));
  for (const name of MENU_ICON_NAMES) if (!sectionOf.has(name)) sectionOf.set(name, 'other');
  return sectionOf;
}

const LOADERS = 'virtual:menu-icons';
const SECTION = /^\0?virtual:menu-icons\/(\w+)$/;

export function menuIconModules(): Plugin {
  const sectionOf = menuIconSections();
  const sections = [...new Set(sectionOf.values())];
  return {
    name: 'menu-icon-modules',
    resolveId(source) {
      if (source === LOADERS) return `\0${LOADERS}`;
      return SECTION.test(source) ? `\0${source.replace(/^\0/, '')}` : null;
    },
    load(id) {
      if (id === `\0${LOADERS}`) {
        const loaders = sections.map((s) => `  ${s}: () => import('${LOADERS}/${s}'),`).join('\n');
        const names = [...sectionOf].map(([name, s]) => `  ${name}: loaders.${s},`).join('\n');
        return `const loaders = {\n${loaders}\n};\nexport default {\n${names}\n};\n`;
      }
      const section = SECTION.exec(id)?.[1];
      if (!section || !id.startsWith('\0')) return null;
      return [...sectionOf]
        .filter(([, s]) => s === section)
        .map(([name]) => `export { default as ${name} } from '@ant-design/icons-svg/es/asn/${name}.js';`)
        .join('\n');
    },
  };
}

/** One chunk per section module, holding its drawings (icons the first-visit chunks import stay there). */
export function menuIconChunks() {
  const sectionOf = menuIconSections();
  return {
    name: (id: string) => {
      const section =
        SECTION.exec(id)?.[1] ?? sectionOf.get(/icons-svg[\\/]es[\\/]asn[\\/](\w+)\.js$/.exec(id)?.[1] ?? '');
      return section ? `menu-icons-${section}` : null;
    },
    debugName: 'menu-icons',
    priority: 1,
  };
}
