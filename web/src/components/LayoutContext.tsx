import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import i18n from '../i18n';
import { applySettingsToDocument, loadSettings, type Settings, saveSettings } from './settings';
import { DESKTOP_QUERY, useMediaQuery } from './useMediaQuery';

/** How the side menu behaves right now: beside the content, or floating over it with a mask. */
export type MenuLayout = 'static' | 'overlay' | 'mobile';

interface LayoutContextValue {
  settings: Settings;
  updateSettings: (change: Partial<Settings>) => void;
  menuLayout: MenuLayout;
  menuVisible: boolean;
  /** The menu floats over the content: a mask is shown and outside clicks, Escape and navigation close it. */
  menuFloating: boolean;
  toggleMenu: () => void;
  closeMenu: () => void;
  settingsOpen: boolean;
  setSettingsOpen: (open: boolean) => void;
  /** Closes the floating menu and the settings sidebar. */
  closePanels: () => void;
}

const LayoutContext = createContext<LayoutContextValue | null>(null);

export function LayoutProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(loadSettings);
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [staticMenuHidden, setStaticMenuHidden] = useState(false);
  // Where the floating menu was opened: after a resize or a mode change it no longer counts as open.
  const [menuOpenIn, setMenuOpenIn] = useState<MenuLayout | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const menuLayout: MenuLayout = isDesktop ? settings.menuMode : 'mobile';
  const menuFloating = menuLayout !== 'static' && menuOpenIn === menuLayout;
  const menuVisible = menuLayout === 'static' ? !staticMenuHidden : menuFloating;

  useEffect(() => {
    saveSettings(settings);
    applySettingsToDocument(settings);
  }, [settings]);

  // Before paint, so that the sidebar's choice and the rest of the page never show two languages at once.
  // Every component that reads a string or a formatted date renders again through useTranslation.
  useLayoutEffect(() => {
    if (i18n.language !== settings.language) void i18n.changeLanguage(settings.language);
  }, [settings.language]);

  const updateSettings = useCallback(
    (change: Partial<Settings>) => setSettings((current) => ({ ...current, ...change })),
    [],
  );
  const toggleMenu = useCallback(() => {
    if (menuLayout === 'static') setStaticMenuHidden((hidden) => !hidden);
    else setMenuOpenIn((openIn) => (openIn === menuLayout ? null : menuLayout));
  }, [menuLayout]);
  const closeMenu = useCallback(() => setMenuOpenIn(null), []);
  const closePanels = useCallback(() => {
    setMenuOpenIn(null);
    setSettingsOpen(false);
  }, []);

  const value = useMemo<LayoutContextValue>(
    () => ({
      settings,
      updateSettings,
      menuLayout,
      menuVisible,
      menuFloating,
      toggleMenu,
      closeMenu,
      settingsOpen,
      setSettingsOpen,
      closePanels,
    }),
    [
      settings,
      updateSettings,
      menuLayout,
      menuVisible,
      menuFloating,
      toggleMenu,
      closeMenu,
      settingsOpen,
      closePanels,
    ],
  );

  // No PrimeReactProvider here: it would bring PrimeReact into the first view. Screens that use PrimeReact
  // wrap themselves in PrimeScope, which follows these settings.
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayout(): LayoutContextValue {
  const context = useContext(LayoutContext);
  if (!context) throw new Error('useLayout must be used inside LayoutProvider');
  return context;
}
