import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // React and the router change far less often than our code and every screen needs them: their own
        // chunk stays cached across deploys. Everything else splits by route (lazy routes, issue 19), so a
        // library one screen uses is downloaded with that screen, not on /login.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            // The fiscal engine's money and SAT catalogs (hundreds of kB of catalog data) are for the invoicing
            // and list screens: their own chunk, which /login does not load.
            { name: 'cfdi', test: /packages[\\/]cfdi[\\/]src[\\/](money|catalogs)[\\/]|node_modules[\\/]decimal\.js[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
});
