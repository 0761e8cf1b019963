import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * pdf.js's data files, which its worker fetches by name from one folder each (components/PdfView.tsx
 * passes /pdfjs/<folder>/): the standard fonts a PDF names without embedding them, the CJK
 * character maps, the WebAssembly decoders (JPEG 2000, JBIG2, colour profiles) and the CMYK
 * profile. They keep their own names, so they are copied into the build's pdfjs/ folder (and served
 * from node_modules in development) rather than imported as hashed assets.
 */
function pdfjsData(): Plugin {
  const source = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const files = ['standard_fonts', 'cmaps', 'wasm', 'iccs'].flatMap((folder) =>
    fs.readdirSync(path.join(source, folder)).map((name) => `${folder}/${name}`),
  );
  return {
    name: 'compass-pdfjs-data',
    generateBundle() {
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: `pdfjs/${file}`,
          source: fs.readFileSync(path.join(source, file)),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use('/pdfjs', (request, response, next) => {
        const file = decodeURIComponent((request.url ?? '').split('?')[0] ?? '').slice(1);
        if (!files.includes(file)) return next();
        const type = { '.wasm': 'application/wasm', '.js': 'text/javascript' }[path.extname(file)];
        response.setHeader('content-type', type ?? 'application/octet-stream');
        fs.createReadStream(path.join(source, file)).pipe(response);
      });
    },
  };
}

export default defineConfig({
  root,
  // Every compressible file also as .br (quality 11) and .gz (level 9) beside it, served as they are
  // by the server (server/src/plugins/web.ts, preCompressed): no compression work per request.
  plugins: [
    react(),
    pdfjsData(),
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
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
