import { useCallback, useEffect, useRef, useState } from 'react';
import { CallAnnouncer } from './announcer';

/** localStorage key of the board's sound: on or off, and the volume. */
export const SOUND_KEY = 'portal.queueBoardSound';

export interface SoundSettings {
  on: boolean;
  /** 0 to 100. */
  volume: number;
}

const defaultSound: SoundSettings = { on: false, volume: 80 };

function loadSound(): SoundSettings {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SOUND_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return defaultSound;
    const { on, volume } = stored as Partial<Record<keyof SoundSettings, unknown>>;
    return {
      on: typeof on === 'boolean' ? on : defaultSound.on,
      volume:
        typeof volume === 'number' && Number.isFinite(volume)
          ? Math.min(100, Math.max(0, Math.round(volume)))
          : defaultSound.volume,
    };
  } catch {
    return defaultSound;
  }
}

/** Whether the page has had a click or key press, which browsers require before they play sound. */
const pageActivated = () => navigator.userActivation?.hasBeenActive ?? true;

/**
 * The board's spoken calls: the settings (remembered on this TV set), and `say` for each new call, which is
 * silent while the sound is off. `needsGesture` is true while the sound is on (remembered from an earlier
 * day) but the page has not been touched yet, so the browser would keep it silent.
 */
export function useCallSound() {
  const [sound, setSound] = useState(loadSound);
  const [activated, setActivated] = useState(pageActivated);
  const announcer = useRef<CallAnnouncer | null>(null);
  announcer.current ??= new CallAnnouncer(sound.volume / 100);

  useEffect(() => {
    localStorage.setItem(SOUND_KEY, JSON.stringify(sound));
    if (announcer.current) announcer.current.volume = sound.volume / 100;
  }, [sound]);

  useEffect(() => {
    if (activated) return;
    const onGesture = () => {
      setActivated(true);
      announcer.current?.unlock();
    };
    document.addEventListener('pointerdown', onGesture, { once: true });
    document.addEventListener('keydown', onGesture, { once: true });
    return () => {
      document.removeEventListener('pointerdown', onGesture);
      document.removeEventListener('keydown', onGesture);
    };
  }, [activated]);

  useEffect(() => () => announcer.current?.stop(), []);

  /** Called from the switch's click: that click is the gesture that lets the browser play sound. */
  const toggle = useCallback(() => {
    if (sound.on) announcer.current?.stop();
    else announcer.current?.unlock();
    setSound((current) => ({ ...current, on: !sound.on }));
  }, [sound.on]);

  const setVolume = useCallback((volume: number) => setSound((current) => ({ ...current, volume })), []);

  const say = useCallback(
    (text: string) => {
      if (sound.on) announcer.current?.say(text);
    },
    [sound.on],
  );

  return { sound, toggle, setVolume, say, needsGesture: sound.on && !activated };
}
