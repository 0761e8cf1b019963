import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes a .br and a .gz next to every compressible file of the build, at the highest levels: the
 * server sends them as they are (@fastify/static preCompressed) instead of compressing each
 * response, or sending it uncompressed.
 */
function precompress(): Plugin {
  return {
    name: 'compass-precompress',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir!;
      const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });
      for (const file of files.filter((name) => /\.(js|css|html|svg|json|txt)$/.test(name))) {
        const full = path.join(dir, file);
        const content = fs.readFileSync(full);
        if (content.length < 1024) continue;
        fs.writeFileSync(
          `${full}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), precompress()],
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
          ],
        },
      },
    },
  },
});
