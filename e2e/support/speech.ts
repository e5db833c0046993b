import { expect, type Page } from '@playwright/test';
import type { TestClinic } from './clinics.ts';

// The queue board says each call aloud: a chime, then the sentence in Bahasa Indonesia. Chromium here has no
// voices, so the page gets a stand-in for speechSynthesis (`context.addInitScript(installSpeechDouble)`) that
// records what it is asked to say and keeps "speaking" until the test lets it finish; the chime is recorded
// where its oscillator starts.

export interface Sound {
  kind: 'chime' | 'speech';
  text?: string;
  lang?: string;
  volume?: number;
  /** Started while an utterance was still being spoken. */
  overlapping: boolean;
}

declare global {
  interface Window {
    speechDouble: { log: Sound[]; finish: () => void };
  }
}

export function installSpeechDouble() {
  const log: Sound[] = [];
  let current: SpeechSynthesisUtterance | null = null;
  const synth = {
    get speaking() {
      return current !== null;
    },
    pending: false,
    paused: false,
    onvoiceschanged: null,
    getVoices: () => [],
    speak(utterance: SpeechSynthesisUtterance) {
      log.push({
        kind: 'speech',
        text: utterance.text,
        lang: utterance.lang,
        volume: utterance.volume,
        overlapping: current !== null,
      });
      current = utterance;
      utterance.dispatchEvent(new Event('start'));
    },
    cancel() {
      const utterance = current;
      current = null;
      utterance?.dispatchEvent(new Event('error'));
    },
    pause() {},
    resume() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => true,
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
    log.push({ kind: 'chime', overlapping: current !== null });
    return start.apply(this, args);
  };
  window.speechDouble = {
    log,
    finish() {
      const utterance = current;
      current = null;
      utterance?.dispatchEvent(new Event('end'));
    },
  };
}

export const sounds = (board: Page) => board.evaluate(() => window.speechDouble.log);
export const spoken = async (board: Page) =>
  (await sounds(board)).filter((sound) => sound.kind === 'speech').map((sound) => sound.text);
export const finishSpeaking = (board: Page) => board.evaluate(() => window.speechDouble.finish());

/** What the board says for `number` called to `place` (a clinic, a counter): letters spelled, digits as words. */
export const sentence = (number: string, place: Pick<TestClinic, 'name'>) => {
  const digits = ['nol', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'];
  const words = [...number.replace('-', '')].map((char) => (/\d/.test(char) ? digits[Number(char)] : char));
  return `Nomor antrean ${words.join(' ')}, silakan ke ${place.name}`;
};

/**
 * Waits until the board has said `said`. Another spec's desk may call at the same moment: what is being said
 * before it is let finish, so that the queue moves on to this call.
 */
export async function expectSaid(board: Page, said: string) {
  await expect
    .poll(async () => {
      const heard = await spoken(board);
      if (!heard.includes(said)) await finishSpeaking(board);
      return heard;
    })
    .toContain(said);
}
