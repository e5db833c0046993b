import PrimeReact, {
  addLocale,
  type LocaleOptions,
  locale,
  localeOptions,
  PrimeReactContext,
  PrimeReactProvider,
  type PrimeReactPTOptions,
} from 'primereact/api';
import { type ReactNode, useContext, useLayoutEffect } from 'react';
import { currentLanguage } from '../i18n';
import { primeAria } from '../i18n/prime';
import { useLayout } from './LayoutContext';
import type { Settings } from './settings';

// PrimeReact ships 'en'; 'id' is English with the labels of its controls in Bahasa Indonesia.
const english = localeOptions('en') as LocaleOptions;
addLocale('id', { aria: { ...english.aria, ...primeAria } });
// Some labels (a paginator's) are read from the global locale while rendering, before any provider's effect.
locale(currentLanguage());

/**
 * Corrections to PrimeReact's markup for assistive technology, on every instance of a component:
 * - a dropdown (a paginator's rows per page) keeps a copy of its value in a hidden `<select>` without a name
 *   beside the control that screen readers use; the copy is hidden from them too;
 * - a switch is a `role="checkbox"` box around the real `role="switch"` input, one control inside another
 *   with the name twice; the box is left a plain wrapper.
 */
const accessibleMarkup: PrimeReactPTOptions = {
  dropdown: { select: { 'aria-hidden': true } },
  inputswitch: { root: { role: undefined, 'aria-checked': undefined, 'aria-label': undefined } },
};

/**
 * PrimeReact's settings (ripple, input style, locale) for the PrimeReact components inside. Every screen and
 * panel that uses them wraps itself in one, so that PrimeReact's shared modules arrive with the first of them
 * rather than with the first view.
 */
export function PrimeScope({ children }: { children: ReactNode }) {
  const { settings } = useLayout();
  return (
    <PrimeReactProvider
      value={{
        locale: settings.language,
        ripple: settings.ripple,
        inputStyle: settings.inputStyle,
        pt: accessibleMarkup,
      }}
    >
      <FollowSettings settings={settings} />
      {children}
    </PrimeReactProvider>
  );
}

/** PrimeReactProvider takes its value only once, so later changes are pushed through its setters. */
function FollowSettings({ settings }: { settings: Settings }) {
  const { setRipple, setInputStyle, setLocale } = useContext(PrimeReactContext);
  useLayoutEffect(() => {
    // A ripple is on while the context or the global flag says so; the provider updates the global flag
    // only after its children have rendered, which would leave a switched-off ripple showing.
    PrimeReact.ripple = settings.ripple;
    setRipple?.(settings.ripple);
  }, [setRipple, settings.ripple]);
  useLayoutEffect(() => setInputStyle?.(settings.inputStyle), [setInputStyle, settings.inputStyle]);
  useLayoutEffect(() => {
    locale(settings.language);
    setLocale?.(settings.language);
  }, [setLocale, settings.language]);
  return null;
}
