declare module 'virtual:menu-icons' {
  import type { IconDefinition } from '@ant-design/icons-svg/lib/types';

  /** Each menu icon's loader: the module of its section, which exports the drawings by name (menu-icon-modules.ts). */
  const loaders: Record<string, () => Promise<Record<string, IconDefinition>>>;
  export default loaders;
}
