import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [lighterMaps(), formProviderOnly(), react()],
  // The manifest (dist/.vite/manifest.json) names each chunk's source for the weight figures (tools/web-weight.ts).
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/websocket': { target: 'http://localhost:8080', ws: true },
      '/player': 'http://localhost:8080',
    },
  },
});
