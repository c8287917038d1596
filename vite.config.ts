import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';
import { HEADER_POLICY } from './src/adapters/network/content-security-policy.ts';
import { pdfjsData } from './scripts/vite/pdfjs-data.ts';
import { tesseractFiles } from './scripts/vite/tesseract-files.ts';

/** onnxruntime-web's WebAssembly runtime is about 27 MB; precache it so search works offline. */
const LARGEST_PRECACHED_FILE = 40 * 1024 * 1024;

/**
 * Rolldown reports which plugins took the most of a build's time after every build that takes a
 * while; ours always does (the worker bundles), so `npm start` would print the same block twice.
 */
const QUIET_BUILD = { checks: { bundlerTimings: false } };

export default defineConfig({
  plugins: [
    svelte(),
    pdfjsData(),
    tesseractFiles(),
    VitePWA({
      // The app asks before a new version replaces the running one (see AppUpdateState).
      registerType: 'prompt',
      injectRegister: false,
      // The glob below already takes the icons.
      includeManifestIcons: false,
      manifest: {
        name: 'Archivist',
        short_name: 'Archivist',
        description: 'Private, offline search over your own document folders.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f6f6f3',
        theme_color: '#3451d1',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // What the first visit needs again, by folder: the app and its workers (web-llm's code is
        // in the llm worker alone, so a model already downloaded loads offline), the icons, the
        // built-in embedder and pdf.js's data (2.5 MB). Nothing else in the build (source maps, a
        // file added to public/) is precached unless it is named here; see docs/BENCHMARKS.md for
        // the sizes.
        globPatterns: [
          'index.html',
          'assets/*.{js,mjs,css}',
          'icons/*.{png,svg}',
          'models/archivist/**/*.{json,onnx}',
          'pdfjs/**/*.{bcmap,pfb,ttf}',
        ],
        maximumFileSizeToCacheInBytes: LARGEST_PRECACHED_FILE,
        // OCR's files (14 MB, of which a device takes one core) are kept on first use instead, and
        // so is onnxruntime-web's WebAssembly (26.9 MB, 6.8 MB gzipped): only a downloaded
        // embedding model runs on it, and it is fetched with that model (decision 0019).
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /\/assets\/[^/]+\.wasm$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'archivist-runtimes' },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.includes('/tesseract/'),
            handler: 'CacheFirst',
            options: { cacheName: 'archivist-ocr' },
          },
        ],
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  worker: { format: 'es', rolldownOptions: QUIET_BUILD },
  build: { target: 'es2022', sourcemap: true, rolldownOptions: QUIET_BUILD },
  // Workers take their policy from their own response's headers, never from the page's <meta>.
  preview: {
    port: 4173,
    strictPort: true,
    headers: { 'Content-Security-Policy': HEADER_POLICY },
  },
});
