import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Source maps only when asked for: a production build does not publish its sources.
    sourcemap: process.env.WEB_SOURCEMAP === 'true',
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: an application release does not invalidate them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Shared with the rich-text editor (tiptap): in the charts chunk it would load that chunk at sign-in.
            { name: 'vendor', test: /node_modules[\\/]use-sync-external-store[\\/]/ },
            // recharts and its dependencies load with the Overview Charts tab only.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|@reduxjs|redux|react-redux|immer|reselect|decimal\.js-light|es-toolkit|eventemitter3|internmap)[\\/]/,
            },
            // dnd-kit loads with the template builder only.
            { name: 'builder', test: /node_modules[\\/]@dnd-kit[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
