import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { THEMES } from './src/components/settings.ts';

const require = createRequire(import.meta.url);

/**
 * PrimeReact's theme files declare the variable "Inter var" font (345 KB). We drop those @font-face
 * blocks and use the static Inter weights from @fontsource instead, which are a fraction of the size.
 */
function themeCss(name: string): string {
  const css = readFileSync(require.resolve(`primereact/resources/themes/${name}/theme.css`), 'utf8');
  return css.replace(/@font-face\s*\{[^}]*\}\s*/g, '').replaceAll('"Inter var"', '"Inter"');
}

/**
 * Serves the themes as plain stylesheets under /themes/<name>/theme.css, so that index.html can link the
 * chosen one before the app's JavaScript runs and the theme can be swapped at runtime.
 */
function primeThemes(): Plugin {
  return {
    name: 'portal-prime-themes',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.match(/^\/themes\/([a-z-]+)\/theme\.css$/)?.[1];
        if (!name || !THEMES.some((theme) => theme === name)) return next();
        res.setHeader('Content-Type', 'text/css');
        res.end(themeCss(name));
      });
    },
    generateBundle() {
      for (const name of THEMES) {
        this.emitFile({ type: 'asset', fileName: `themes/${name}/theme.css`, source: themeCss(name) });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), primeThemes()],
  resolve: {
    // `source` first: @portal/contract is consumed as TypeScript source, no separate build needed.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Rendering whole screens in jsdom takes seconds on a busy 2-core machine; 5 s flakes there.
    testTimeout: 20_000,
  },
});
