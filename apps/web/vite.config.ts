/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { areaChunk } from './area-chunk.js';
import { pagePreloads } from './page-preloads.js';

const area = areaChunk();

/**
 * The installable app (docs/deploy.md, "Installing the app"): the manifest, and a service worker that
 * keeps the app's own files so a second visit starts without the network. It never keeps an /api
 * answer: the reports' last answers are the app's own (src/lib/offline-answers.ts). A new version
 * waits until every tab of the app is closed (no skipWaiting, no clientsClaim): never mid-session.
 */
const installableApp = VitePWA({
  registerType: 'prompt',
  // Registered by the app once the page has loaded and gone quiet (src/app/register-service-worker.ts).
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Playrep Back Office',
    short_name: 'Playrep',
    description: 'Playrep back office: reports for agents and managers',
    // The root is the sign-in page (docs/screens.md, Routes), which leads to the role's landing page. A
    // session belongs to its tab, so an app window opened from the home screen starts signed out.
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1971c2',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // The password strength meter (zxcvbn's lists) is needed only to change a password, which needs the server anyway.
    globIgnores: ['**/password-strength-*.js'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    skipWaiting: false,
    clientsClaim: false,
    cleanupOutdatedCaches: true,
    runtimeCaching: [],
  },
});

export default defineConfig({
  plugins: [react(), area.plugin, pagePreloads(import.meta.dirname), installableApp],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    // No source maps: the server would hand the app's sources to anyone (it refuses *.map in production too).
    sourcemap: false,
    rolldownOptions: {
      // The contracts' modules only declare things: the sign-in page takes the roles and the
      // permission table from them without the zod schemas of every call (their own modules).
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }] },
      output: { codeSplitting: { groups: [area.group] } },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: [`${import.meta.dirname}/src/test/setup.ts`],
    // jsdom + Mantine on two shared cores: whole-app renders can take seconds under load.
    testTimeout: 20_000,
  },
});
