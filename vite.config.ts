import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The renderer: built into dist/renderer, served by app:// in Electron and by the desk host in browser mode. */
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: true,
    // Served from disk (app://) or loopback, never over a network: one bundle of ~1 MB loads in milliseconds.
    chunkSizeWarningLimit: 1500,
  },
});
