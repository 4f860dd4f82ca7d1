/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { areaChunk } from './area-chunk.js';
import { pagePreloads } from './page-preloads.js';

const area = areaChunk();

export default defineConfig({
  plugins: [react(), area.plugin, pagePreloads(import.meta.dirname)],
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
