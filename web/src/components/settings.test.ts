import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applySettingsToDocument,
  clampScale,
  defaultSettings,
  loadSettings,
  SETTINGS_KEY,
  type Settings,
  saveSettings,
  THEMES,
} from './settings';

const custom: Settings = {
  scale: 16,
  menuMode: 'overlay',
  inputStyle: 'filled',
  ripple: false,
  theme: 'lara-dark-indigo',
  language: 'en',
};

function addThemeLink(href = '/themes/lara-light-indigo/theme.css'): void {
  document.head.insertAdjacentHTML('beforeend', `<link id="theme-link" rel="stylesheet" href="${href}">`);
}

function themeLinks(): HTMLLinkElement[] {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
}

afterEach(() => {
  for (const link of themeLinks()) link.remove();
});

describe('settings store', () => {
  it('starts with a 14 px scale, static menu, outlined inputs, ripple on, the light indigo theme and Bahasa Indonesia', () => {
    expect(loadSettings()).toEqual({
      scale: 14,
      menuMode: 'static',
      inputStyle: 'outlined',
      ripple: true,
      theme: 'lara-light-indigo',
      language: 'id',
    });
  });

  it('gives back what was saved', () => {
    saveSettings(custom);
    expect(loadSettings()).toEqual(custom);
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON of the wrong shape', '[1,2,3]'],
    ['null', 'null'],
  ])('falls back to the defaults when storage holds %s', (_case, stored) => {
    localStorage.setItem(SETTINGS_KEY, stored);
    expect(loadSettings()).toEqual(defaultSettings);
  });

  it('keeps the valid choices when only some stored values are wrong', () => {
    localStorage.setItem(
      SETTINGS_KEY,
      JSON.stringify({
        scale: 'huge',
        menuMode: 'overlay',
        inputStyle: 'fancy',
        ripple: false,
        theme: 'nope',
        language: 'fr',
      }),
    );
    expect(loadSettings()).toEqual({ ...defaultSettings, menuMode: 'overlay', ripple: false });
  });

  it('keeps the stored font scale within 12 to 16 px', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...defaultSettings, scale: 40 }));
    expect(loadSettings().scale).toBe(16);
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...defaultSettings, scale: -3 }));
    expect(loadSettings().scale).toBe(12);
  });

  it('clamps and rounds font scale changes', () => {
    expect(clampScale(17)).toBe(16);
    expect(clampScale(11)).toBe(12);
    expect(clampScale(13.6)).toBe(14);
  });
});

describe('applying settings to the page', () => {
  it('sets the root font size and the filled input style', () => {
    addThemeLink();
    applySettingsToDocument({ ...defaultSettings, scale: 13, inputStyle: 'filled' });
    expect(document.documentElement.style.fontSize).toBe('13px');
    expect(document.documentElement).toHaveClass('p-input-filled');

    applySettingsToDocument(defaultSettings);
    expect(document.documentElement.style.fontSize).toBe('14px');
    expect(document.documentElement).not.toHaveClass('p-input-filled');
  });

  it('names the chosen language on the page', () => {
    addThemeLink();
    applySettingsToDocument({ ...defaultSettings, language: 'en' });
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    applySettingsToDocument(defaultSettings);
    expect(document.documentElement).toHaveAttribute('lang', 'id');
  });

  it('keeps the old theme until the new one has loaded', () => {
    addThemeLink();
    applySettingsToDocument({ ...defaultSettings, theme: 'lara-dark-indigo' });
    expect(themeLinks().map((link) => link.getAttribute('href'))).toEqual([
      '/themes/lara-light-indigo/theme.css',
      '/themes/lara-dark-indigo/theme.css',
    ]);

    themeLinks()[1]?.dispatchEvent(new Event('load'));
    expect(themeLinks()).toHaveLength(1);
    expect(document.getElementById('theme-link')).toHaveAttribute(
      'href',
      '/themes/lara-dark-indigo/theme.css',
    );
  });

  it('drops an unfinished theme swap when the choice changes back', () => {
    addThemeLink();
    applySettingsToDocument({ ...defaultSettings, theme: 'lara-dark-indigo' });
    applySettingsToDocument(defaultSettings);
    expect(themeLinks().map((link) => link.getAttribute('href'))).toEqual([
      '/themes/lara-light-indigo/theme.css',
    ]);
  });
});

// The inline script in index.html applies the stored settings before the app's JavaScript has loaded.
describe('the inline script of index.html', () => {
  const html = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
  const script = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';

  beforeEach(() => addThemeLink());

  function runInlineScript(): void {
    // Test-only evaluation of the exact text the browser runs; the app itself never evaluates strings.
    new Function(script)();
  }

  it('applies what the settings sidebar saved', () => {
    saveSettings(custom);
    runInlineScript();
    expect(document.documentElement.style.fontSize).toBe('16px');
    expect(document.documentElement).toHaveClass('p-input-filled');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.getElementById('theme-link')).toHaveAttribute(
      'href',
      '/themes/lara-dark-indigo/theme.css',
    );
  });

  it.each(THEMES)('knows the theme %s that the sidebar offers', (theme) => {
    saveSettings({ ...defaultSettings, theme });
    runInlineScript();
    expect(document.getElementById('theme-link')).toHaveAttribute('href', `/themes/${theme}/theme.css`);
  });

  it('uses the defaults for garbage, like the app does', () => {
    localStorage.setItem(SETTINGS_KEY, '{"scale":99,"theme":"../../evil","inputStyle":1,"language":"xx"}');
    runInlineScript();
    expect(document.documentElement.style.fontSize).toBe('16px');
    expect(document.documentElement).not.toHaveClass('p-input-filled');
    expect(document.documentElement).toHaveAttribute('lang', 'id');
    expect(document.getElementById('theme-link')).toHaveAttribute(
      'href',
      '/themes/lara-light-indigo/theme.css',
    );

    localStorage.setItem(SETTINGS_KEY, 'not json');
    runInlineScript();
    expect(document.documentElement.style.fontSize).toBe('14px');
  });
});
