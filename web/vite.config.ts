import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  // Every compressible file also as .br (quality 11) and .gz (level 9) beside it, served as they are
  // by the server (server/src/plugins/web.ts, preCompressed): no compression work per request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
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
        // What the sign-in page needs ($initial: the entry's static imports) is three files: react,
        // the other libraries and the app's own code, so an application release leaves the first two
        // cached. Everything else loads with the screen that uses it (router.tsx: lazy routes), the
        // heavy libraries in chunks of their own.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            { name: 'index', tags: ['$initial'] },
            // Shared by the rich-text editor (tiptap) and the charts: in either chunk it would load the other.
            { name: 'store', test: /node_modules[\\/]use-sync-external-store[\\/]/ },
            // recharts and its dependencies load with the Overview Charts tab only.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|@reduxjs|redux|react-redux|immer|reselect|decimal\.js-light|es-toolkit|eventemitter3|internmap)[\\/]/,
            },
            // dnd-kit loads with the template builder only.
            { name: 'builder', test: /node_modules[\\/]@dnd-kit[\\/]/ },
            // The shell and the home page (with what they import) in one file: the dashboard opens
            // after one round of requests instead of a dozen small ones.
            {
              name: 'home',
              test: /web[\\/]src[\\/](shell[\\/]AppLayout|features[\\/]dashboard[\\/]DashboardPage)\.tsx$/,
            },
            // The icons of the signed-in screens in one small file, not a request per icon.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
});
