import { defineConfig } from 'vite';

export default defineConfig({
  base: '/player/',
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5174,
    proxy: {
      '/api': 'http://localhost:8080',
      // The "collect now" push (socket.io, device namespace).
      '/websocket': { target: 'http://localhost:8080', ws: true },
    },
  },
});
