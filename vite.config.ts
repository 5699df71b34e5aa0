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
    // Served from disk (app://) or loopback, never over a network. Screens with heavy code load when first
    // opened (renderer/app/App.tsx); the largest chunk, the Campaigns screen with its rich-text editor, is
    // about 620 kB: a chunk past 700 kB means something heavy joined the start or a screen by mistake.
    chunkSizeWarningLimit: 700,
  },
});
