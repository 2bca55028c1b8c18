import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/websocket': { target: 'http://localhost:8080', ws: true },
      '/player': 'http://localhost:8080',
    },
  },
});
