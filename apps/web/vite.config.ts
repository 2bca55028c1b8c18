import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { menuIconChunks, menuIconModules } from './menu-icon-modules.ts';

/**
 * The offline maps' GeoJSON (echarts4-maps) carries coordinates to 15 decimals. Rounded to what a screen
 * can show (the world to 0.01°, about 1 km; China and its provinces to 0.001°, about 100 m) with repeated
 * points dropped, the world map's chunk falls from 284 to well under the 250 KB budget (gzipped).
 */
function lighterMaps(): Plugin {
  const round = (digits: number) => {
    const f = 10 ** digits;
    const ring = (points: number[][]) => {
      const out: number[][] = [];
      for (const [x = 0, y = 0] of points) {
        const p = [Math.round(x * f) / f, Math.round(y * f) / f];
        const last = out[out.length - 1];
        if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
      }
      return out.length >= 4 ? out : points;
    };
    const walk = (c: unknown): unknown => {
      if (!Array.isArray(c) || c.length === 0) return c;
      return Array.isArray(c[0]) && typeof c[0][0] === 'number' ? ring(c as number[][]) : c.map(walk);
    };
    return walk;
  };
  return {
    name: 'lighter-maps',
    enforce: 'pre',
    load(id) {
      if (!/echarts4-maps[\\/]map[\\/]json[\\/].*\.json$/.test(id)) return null;
      const geo = JSON.parse(fs.readFileSync(id, 'utf8'));
      const walk = round(id.endsWith('world.json') ? 2 : 3);
      for (const feature of geo.features ?? []) {
        if (feature.geometry?.coordinates) feature.geometry.coordinates = walk(feature.geometry.coordinates);
      }
      return JSON.stringify(geo);
    },
  };
}

/**
 * antd's form context (`antd/es/form/context.js`, imported by every popup through ContextIsolator) needs only
 * rc-form's FormProvider, but importing it from the package's index keeps all of rc-form and its validator
 * (about 13 KB gzipped): the index assigns statics to the Form, which counts as a side effect. Pointing that
 * one import at the module that defines FormProvider (the same object) leaves rc-form to the pages with forms.
 */
function formProviderOnly(): Plugin {
  return {
    name: 'form-provider-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !/antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) {
        return null;
      }
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}

/**
 * Modules antd imports for one small piece, which keep the whole module with whatever imports them (the
 * first-visit chunks place modules by their imports, and a module used in full by a later page is kept
 * whole). Each import below is pointed at a module holding only that piece (the same objects, or for
 * `isBright` the same 10 lines), so the rest stays with the pages that use it:
 * - Button's and Tag's styles take `isBright` from the ColorPicker's presets panel (with Collapse and the
 *   rc colour picker, about 6 KB gzipped);
 * - AggregationColor and the colour helpers (Tooltip's too) take rc-color-picker's Color class from the
 *   package index (the whole picker);
 * - Dropdown.Button takes Space for `Space.Compact` alone (the same Compact; Space itself, 2 KB gzipped);
 * - Input takes rc-input's Input from the package index (with TextArea, about 2.5 KB gzipped);
 * - Card imports Tabs for its `tabList` header (about 11 KB gzipped; no card here has tabs): Card gets Tabs
 *   through React.lazy, so a card with tabs still shows them, a moment later.
 */
function narrowAntdImports(): Plugin {
  const IS_BRIGHT = '\0antd-is-bright';
  const CARD_TABS = '\0antd-card-tabs';
  const SPACE_COMPACT = '\0antd-space-compact';
  const code: Record<string, string> = {
    [SPACE_COMPACT]: `import Compact from 'antd/es/space/Compact.js';
export default { Compact };`,
    [IS_BRIGHT]: `import { Color as RcColor } from '@rc-component/color-picker/es/color.js';
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`,
    [CARD_TABS]: `import { createElement, lazy, Suspense } from 'react';
const Tabs = lazy(() => import('antd/es/tabs/index.js'));
export default function CardTabs(props) {
  return createElement(Suspense, { fallback: null }, createElement(Tabs, props));
}`,
  };
  const rules: Array<{ importer: RegExp; source: string; to: string }> = [
    {
      importer: /antd[\\/]es[\\/](button[\\/]style[\\/]token|tag[\\/]style[\\/]index)\.js$/,
      source: '../../color-picker/components/ColorPresets',
      to: IS_BRIGHT,
    },
    {
      importer: /antd[\\/]es[\\/]color-picker[\\/](color|util)\.js$/,
      source: '@rc-component/color-picker',
      to: '@rc-component/color-picker/es/color.js',
    },
    { importer: /antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs', to: CARD_TABS },
    { importer: /antd[\\/]es[\\/]dropdown[\\/]dropdown-button\.js$/, source: '../space', to: SPACE_COMPACT },
    {
      importer: /antd[\\/]es[\\/]input[\\/]Input\.js$/,
      source: '@rc-component/input',
      to: '@rc-component/input/es/Input.js',
    },
  ];
  return {
    name: 'narrow-antd-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source in code) return source;
      const rule = importer ? rules.find((r) => r.source === source && r.importer.test(importer)) : undefined;
      if (!rule) return null;
      return rule.to in code ? rule.to : this.resolve(rule.to, importer, { skipSelf: true });
    },
    load(id) {
      return code[id] ?? null;
    },
  };
}

const src = (file: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), 'src', file);

const BARREL = /(antd[\\/]es|@ant-design[\\/]icons[\\/]es(?:[\\/]icons)?)[\\/]index\.js$/;

/** The values a file imports by name from antd or the icons (`import { A, type B }`, `import * as N` + `N.A`). */
function importedNames(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"](?:antd|@ant-design\/icons)['"]/g)) {
    for (const part of (list ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name && !name.startsWith('type ')) names.add(name);
    }
  }
  for (const [, ns] of source.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*['"](?:antd|@ant-design\/icons)['"]/g)) {
    for (const [, name] of source.matchAll(new RegExp(`\\b${ns}\\.(\\w+)`, 'g'))) if (name) names.add(name);
  }
  return names;
}

/** The modules a barrel (antd's or the icons' index) forwards to for the names `words` holds. */
function throughBarrel(barrel: string, words: Set<string>): string[] {
  const text = fs.readFileSync(barrel, 'utf8');
  const dir = path.dirname(barrel);
  const file = (rel: string) =>
    [`${path.resolve(dir, rel)}.js`, path.resolve(dir, rel, 'index.js')].find((f) => fs.existsSync(f));
  const out: string[] = [];
  for (const [, name, rel] of text.matchAll(/export \{ default as (\w+) \} from ['"](.+?)['"]/g)) {
    const target = name && rel && words.has(name) ? file(rel) : undefined;
    if (target) out.push(target);
  }
  for (const [, rel] of text.matchAll(/export \* from ['"](.+?)['"]/g)) {
    const target = rel ? file(rel) : undefined;
    if (target) out.push(...throughBarrel(target, words));
  }
  return out;
}

/**
 * The chunks of the first visit, by page rather than by which lazy modules share them. Left to itself the
 * bundler splits the code shared by the ~100 lazy pages into one chunk per set of sharers: the dashboard
 * after login came in about 125 files, and each file gzipped on its own compresses worse (about 12 % of the
 * weight) and carries its own import/export glue. Every module the app's start statically needs goes into
 * one `boot` chunk, the login page's into `login`, the shell's (every logged-in page loads the shell) into
 * `shell`, and the dashboard's (the home page, where every login lands) into `home`. A later page loads
 * only what these do not hold. The pages outside the shell that share a module with it (lock, status
 * pages) load the shell chunk with it. Through antd's and the icons' barrels only what the importing file
 * names is followed (the bundler drops the rest).
 */
function firstVisitChunks() {
  const owner = chunkOwners();
  // Separate groups, highest first: a group takes its modules' dependencies along unless an earlier
  // group holds them, so the dashboard's group must not come before the shell's.
  return (['boot', 'login', 'shell', 'home'] as const).map((name, i) => ({
    name: (id: string, ctx: ChunkingContext) => (owner(id, ctx) === name ? name : null),
    debugName: name,
    priority: 10 - i,
  }));
}

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

function chunkOwners() {
  const roots: Array<[string, string]> = [
    ['boot', src('main.tsx')],
    ['login', src('features/auth/pages/login-page.tsx')],
    ['shell', src('layout/shell-layout.tsx')],
    ['home', src('features/dashboards/pages/smart-board-page.tsx')],
  ];
  let owner: Map<string, string> | undefined;
  return (id: string, ctx: ChunkingContext) => {
    if (!owner) {
      const found = new Map<string, string>();
      for (const [name, root] of roots) {
        const stack = [root];
        while (stack.length > 0) {
          const next = stack.pop() as string;
          if (found.has(next)) continue;
          const info = ctx.getModuleInfo(next);
          if (!info) continue;
          found.set(next, name);
          let words: Set<string> | undefined;
          for (const dep of info.importedIds) {
            if (!BARREL.test(dep)) {
              stack.push(dep);
              continue;
            }
            words ??= importedNames(fs.readFileSync(next.replace(/\?.*$/, ''), 'utf8'));
            stack.push(...throughBarrel(dep, words));
          }
        }
      }
      owner = found;
    }
    // main.tsx itself stays in the entry chunk: it awaits the locale packs at top level, and a lazy chunk
    // importing from the chunk that awaits it would never settle.
    return id === roots[0]?.[1] ? null : (owner.get(id) ?? null);
  };
}

export default defineConfig({
  plugins: [lighterMaps(), formProviderOnly(), narrowAntdImports(), menuIconModules(), react()],
  // The manifest (dist/.vite/manifest.json) names each chunk's source for the weight figures (tools/web-weight.ts).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [...firstVisitChunks(), menuIconChunks()] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/websocket': { target: 'http://localhost:8080', ws: true },
      '/player': 'http://localhost:8080',
    },
  },
});
