import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { RadioButton } from 'primereact/radiobutton';
import { Sidebar } from 'primereact/sidebar';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DutyCards } from './DutyCards';
import { useLayout } from '../components/LayoutContext';
import { PrimeScope } from '../components/PrimeScope';
import { focusBack } from '../components/useReturnFocus';
import {
  clampScale,
  FONT_SCALES,
  INPUT_STYLES,
  LANGUAGES,
  MAX_SCALE,
  MENU_MODES,
  MIN_SCALE,
  type Settings,
  THEMES,
} from '../components/settings';

export default function SettingsSidebar() {
  const { t } = useTranslation();
  const { settings, updateSettings, settingsOpen, setSettingsOpen } = useLayout();
  const { scale } = settings;
  // What had the focus when the panel opened (the top bar's cog): PrimeReact's Sidebar gives it no focus back
  // when it closes, which left a keyboard on the page's body.
  const opener = useRef<Element | null>(null);

  return (
    <PrimeScope>
      <Sidebar
        visible={settingsOpen}
        onShow={() => {
          opener.current = document.activeElement;
        }}
        onHide={() => {
          setSettingsOpen(false);
          focusBack(opener.current);
        }}
        position="right"
        className="layout-config-sidebar"
        header={<h2 className="layout-config-title">{t('settings.title')}</h2>}
        ariaCloseLabel={t('settings.close')}
        aria-label={t('settings.title')}
      >
        <DutyCards />

        <ChoiceGroup
          name="language"
          legend={t('settings.language')}
          options={LANGUAGES}
          value={settings.language}
          label={(language) => t(`settings.languages.${language}`)}
          lang={(language) => language}
          onChange={(language) => updateSettings({ language })}
        />

        <fieldset className="layout-config-section">
          <legend>{t('settings.scale')}</legend>
          <div className="layout-config-scale">
            <Button
              type="button"
              icon="pi pi-minus"
              rounded
              text
              aria-label={t('settings.scaleDown')}
              disabled={scale <= MIN_SCALE}
              onClick={() => updateSettings({ scale: clampScale(scale - 1) })}
            />
            <ol className="layout-config-scale-steps" aria-hidden="true">
              {FONT_SCALES.map((step) => (
                <li key={step} className={step === scale ? 'is-active' : undefined} />
              ))}
            </ol>
            <Button
              type="button"
              icon="pi pi-plus"
              rounded
              text
              aria-label={t('settings.scaleUp')}
              disabled={scale >= MAX_SCALE}
              onClick={() => updateSettings({ scale: clampScale(scale + 1) })}
            />
          </div>
          <output className="layout-config-scale-value" aria-live="polite">
            {t('settings.scaleValue', { size: scale })}
          </output>
        </fieldset>

        <ChoiceGroup
          name="menuMode"
          legend={t('settings.menuMode')}
          options={MENU_MODES}
          value={settings.menuMode}
          label={(mode) => t(`settings.menuModes.${mode}`)}
          onChange={(menuMode) => updateSettings({ menuMode })}
        />

        <ChoiceGroup
          name="inputStyle"
          legend={t('settings.inputStyle')}
          options={INPUT_STYLES}
          value={settings.inputStyle}
          label={(style) => t(`settings.inputStyles.${style}`)}
          onChange={(inputStyle) => updateSettings({ inputStyle })}
        />

        <fieldset className="layout-config-section">
          <legend id="settings-ripple">{t('settings.ripple')}</legend>
          <InputSwitch
            checked={settings.ripple}
            aria-labelledby="settings-ripple"
            onChange={(event) => updateSettings({ ripple: event.value })}
          />
        </fieldset>

        <ChoiceGroup
          name="theme"
          legend={t('settings.theme')}
          options={THEMES}
          value={settings.theme}
          label={(theme) => t(`settings.themes.${theme}`)}
          onChange={(theme) => updateSettings({ theme })}
        />
      </Sidebar>
    </PrimeScope>
  );
}

interface ChoiceGroupProps<T extends string> {
  name: keyof Settings;
  legend: string;
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  /** The language of an option's label, when it is not the page's (a language named in itself). */
  lang?: (option: T) => string;
  onChange: (option: T) => void;
}

function ChoiceGroup<T extends string>({
  name,
  legend,
  options,
  value,
  label,
  lang,
  onChange,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset className="layout-config-section">
      <legend>{legend}</legend>
      <div className="layout-config-choices">
        {options.map((option) => {
          const inputId = `settings-${name}-${option}`;
          return (
            <div key={option} className="layout-config-choice">
              <RadioButton
                inputId={inputId}
                name={name}
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
              />
              <label htmlFor={inputId} lang={lang?.(option)}>
                {label(option)}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
