// Only a type: vite.config.ts loads this file natively, where an import needs its file extension.
import type { Language } from '../i18n/language';

/** localStorage key; the inline script in index.html reads the same key before first paint. */
export const SETTINGS_KEY = 'portal.settings';

export const FONT_SCALES = [12, 13, 14, 15, 16] as const;
export const THEMES = ['lara-light-indigo', 'lara-dark-indigo'] as const;
export const MENU_MODES = ['static', 'overlay'] as const;
export const INPUT_STYLES = ['outlined', 'filled'] as const;
/** Bahasa Indonesia first: the default, and the language of everything the server says. */
export const LANGUAGES = ['id', 'en'] as const satisfies readonly Language[];

export type Theme = (typeof THEMES)[number];
export type MenuMode = (typeof MENU_MODES)[number];
export type InputStyle = (typeof INPUT_STYLES)[number];

export interface Settings {
  scale: number;
  menuMode: MenuMode;
  inputStyle: InputStyle;
  ripple: boolean;
  theme: Theme;
  language: Language;
}

export const defaultSettings: Settings = {
  scale: 14,
  menuMode: 'static',
  inputStyle: 'outlined',
  ripple: true,
  theme: 'lara-light-indigo',
  language: 'id',
};

export const MIN_SCALE = FONT_SCALES[0];
export const MAX_SCALE = FONT_SCALES[4];

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale)));
}

/** The stored value when it is one of `allowed`, else the fallback. */
function oneOf<T>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.find((option) => option === value) ?? fallback;
}

// Plain checks, not zod: the forms' zod schemas share zod's core with anything here, and the bundler would
// then put the whole of that core (all the forms use) into the budgeted initial bundle.
// Each field falls back on its own, so one bad value (an old version, a hand edit) keeps the other choices.
function parseSettings(value: unknown): Settings {
  if (typeof value !== 'object' || value === null) return defaultSettings;
  const stored: Partial<Record<keyof Settings, unknown>> = value;
  return {
    scale:
      typeof stored.scale === 'number' && Number.isFinite(stored.scale)
        ? clampScale(stored.scale)
        : defaultSettings.scale,
    menuMode: oneOf(stored.menuMode, MENU_MODES, defaultSettings.menuMode),
    inputStyle: oneOf(stored.inputStyle, INPUT_STYLES, defaultSettings.inputStyle),
    ripple: typeof stored.ripple === 'boolean' ? stored.ripple : defaultSettings.ripple,
    theme: oneOf(stored.theme, THEMES, defaultSettings.theme),
    language: oneOf(stored.language, LANGUAGES, defaultSettings.language),
  };
}

export function loadSettings(): Settings {
  try {
    return parseSettings(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null'));
  } catch {
    return defaultSettings;
  }
}

export function saveSettings(settings: Settings): void {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage can be full or disabled (private browsing); the choices then last for this visit only.
  }
}

function themeHref(theme: Theme): string {
  return `/themes/${theme}/theme.css`;
}

/**
 * Applies the settings that live outside React: root font size, filled inputs, the theme stylesheet and the
 * page's language (for screen readers, hyphenation and the browser's own controls).
 */
export function applySettingsToDocument(settings: Settings): void {
  const root = document.documentElement;
  root.lang = settings.language;
  root.style.fontSize = `${settings.scale}px`;
  root.classList.toggle('p-input-filled', settings.inputStyle === 'filled');
  swapThemeLink(themeHref(settings.theme));
}

const themeLinkId = 'theme-link';

/**
 * Loads the new theme next to the old one and removes the old one only once the new one has loaded,
 * so the page never shows unstyled in between.
 */
function swapThemeLink(href: string): void {
  // A swap still loading is outdated now, whichever theme it was bringing.
  document.getElementById(`${themeLinkId}-next`)?.remove();
  const current = document.getElementById(themeLinkId);
  if (!(current instanceof HTMLLinkElement) || current.getAttribute('href') === href) return;
  const next = current.cloneNode() as HTMLLinkElement;
  next.id = `${themeLinkId}-next`;
  next.href = href;
  next.addEventListener('load', () => {
    current.remove();
    next.id = themeLinkId;
  });
  next.addEventListener('error', () => next.remove());
  current.after(next);
}
