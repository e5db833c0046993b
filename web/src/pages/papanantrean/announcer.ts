import { currentLanguage } from '../../i18n';
import { intlLocale } from '../../i18n/format';

/** The longest a call may take to be spoken: some voices never say they have finished. */
const MAX_SPEECH_MS = 20_000;
/** The chime before each call: two tones, high then low. */
const CHIME_TONES = [
  { hz: 784, at: 0 },
  { hz: 587, at: 0.35 },
] as const;
const CHIME_SECONDS = 0.9;

/** How voices name each language: some systems say `id_ID` or `in-ID` for Bahasa Indonesia. */
const VOICE_LANGS = { id: /^(id|in)([-_]|$)/i, en: /^en([-_]|$)/i };

/** A voice for the board's language, when the browser has one: the calls are said in the language shown. */
function voiceOfLanguage(): SpeechSynthesisVoice | undefined {
  const lang = VOICE_LANGS[currentLanguage()];
  return window.speechSynthesis.getVoices().find((voice) => lang.test(voice.lang));
}

/**
 * Says the board's calls aloud, one after the other: a chime, then the sentence, then the next call. Never two
 * at once, whatever the browser's own speech queue does. The browser allows sound only after a gesture on the
 * page: `unlock` is called from the click that switches the sound on.
 */
export class CallAnnouncer {
  private readonly waiting: string[] = [];
  private running = false;
  /** Raised by `stop`, so that a call taken before it is not spoken after it. */
  private generation = 0;
  private audio: AudioContext | undefined;

  constructor(public volume = 1) {}

  unlock(): void {
    if (typeof AudioContext === 'undefined') return;
    this.audio ??= new AudioContext();
    void this.audio.resume().catch(() => {});
  }

  say(text: string): void {
    if (!('speechSynthesis' in window)) return;
    this.waiting.push(text);
    if (!this.running) void this.run();
  }

  /** Silences the call being spoken and forgets those waiting. */
  stop(): void {
    this.generation += 1;
    this.waiting.length = 0;
    if ('speechSynthesis' in window) window.speechSynthesis.cancel();
  }

  private async run(): Promise<void> {
    this.running = true;
    const generation = this.generation;
    for (let text = this.waiting.shift(); text !== undefined; text = this.waiting.shift()) {
      await this.chime();
      if (generation !== this.generation) break;
      await this.speak(text);
      if (generation !== this.generation) break;
    }
    this.running = false;
    if (this.waiting.length > 0) void this.run();
  }

  private chime(): Promise<void> {
    // Once the page has had its gesture (also one before this screen opened), the context may start here.
    this.unlock();
    const audio = this.audio;
    if (!audio || this.volume === 0) return Promise.resolve();
    const now = audio.currentTime;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    for (const tone of CHIME_TONES) oscillator.frequency.setValueAtTime(tone.hz, now + tone.at);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0001, 0.4 * this.volume), now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + CHIME_SECONDS);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now);
    oscillator.stop(now + CHIME_SECONDS);
    // A timer rather than the oscillator's `ended`: a suspended audio context never ends it.
    return new Promise((resolve) => setTimeout(resolve, CHIME_SECONDS * 1000));
  }

  private speak(text: string): Promise<void> {
    return new Promise((resolve) => {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = intlLocale();
      const voice = voiceOfLanguage();
      if (voice) utterance.voice = voice;
      utterance.volume = this.volume;
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, MAX_SPEECH_MS);
      utterance.onend = done;
      utterance.onerror = done;
      window.speechSynthesis.speak(utterance);
    });
  }
}
