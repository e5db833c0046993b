import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { THEMES } from './src/components/settings.ts';

const require = createRequire(import.meta.url);

/**
 * Lara Light's colours under white text and as text on white fall short of the 4.5:1 contrast that WCAG AA
 * asks of normal text (primary 4.5 just short, the severities' from 2.3 to 4.8). Each is replaced by a
 * darker shade of its own palette; a button's hover and pressed shades move with it, so that they stay
 * darker than the button.
 */
const accessibleColours: Partial<Record<string, Record<string, string>>> = {
  'lara-light-indigo': {
    '#6366f1': '#5558e3',
    // success
    '#22c55e': '#15803d',
    '#16a34a': '#166534',
    '#15803d': '#14532d',
    // info
    '#0ea5e9': '#0369a1',
    '#0284c7': '#075985',
    '#0369a1': '#0c4a6e',
    // warning
    '#f97316': '#c2410c',
    '#ea580c': '#9a3412',
    '#c2410c': '#7c2d12',
    // danger
    '#ef4444': '#b91c1c',
    '#dc2626': '#991b1b',
    '#b91c1c': '#7f1d1d',
    // help
    '#a855f7': '#9333ea',
    '#9333ea': '#7e22ce',
    '#7e22ce': '#6b21a8',
    // messages and toasts (text, border and icon of each severity on its pale background)
    '#1ea97c': '#0f6e4e',
    '#3b82f6': '#1d4ed8',
    '#cc8925': '#8f5a0a',
    '#ff5757': '#c81e1e',
    // secondary
    '#64748b': '#475569',
    '#475569': '#334155',
    '#334155': '#1e293b',
  },
};

/**
 * PrimeReact's theme files declare the variable "Inter var" font (345 KB). We drop those @font-face
 * blocks and use the static Inter weights from @fontsource instead, which are a fraction of the size.
 * Colours too faint to read are darkened (`accessibleColours`), all in one pass.
 */
function themeCss(name: string): string {
  const css = readFileSync(require.resolve(`primereact/resources/themes/${name}/theme.css`), 'utf8');
  const colours = accessibleColours[name] ?? {};
  return css
    .replace(/@font-face\s*\{[^}]*\}\s*/g, '')
    .replaceAll('"Inter var"', '"Inter"')
    .replace(/#[0-9a-f]{6}\b/gi, (colour) => colours[colour.toLowerCase()] ?? colour);
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
    // The setup file puts back after each test what a test may change (mocks, globals, storage, language), so
    // a worker runs its files in one jsdom and one module registry instead of a new one per file: half the time.
    isolate: false,
    // Rendering whole screens in jsdom takes seconds on a busy 2-core machine; 5 s flakes there.
    testTimeout: 20_000,
  },
});
