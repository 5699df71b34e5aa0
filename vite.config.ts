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
  },
});
