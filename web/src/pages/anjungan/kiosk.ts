import { TRACKING_CODE_ALPHABET } from '@portal/contract/constants';
import { useEffect, useRef } from 'react';

/** After this long without a touch or key, the kiosk goes back to its start screen (ms). */
export const KIOSK_IDLE_MS = 60_000;

/** How often the camera's picture is searched for a QR code (ms). */
export const SCAN_INTERVAL_MS = 250;

/** The keys of the on-screen keypad: the characters a booking code can have (no 0/O, 1/I/L). */
export const KEYPAD_KEYS = [...'23456789', ...TRACKING_CODE_ALPHABET.replace(/[0-9]/g, '')] as const;

const CODE_LENGTH = 8;
const codePattern = new RegExp(`^[${TRACKING_CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** What is left of typed text once spaces and dashes go and letters are capitals: at most 8 characters. */
export function typedCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase().slice(0, CODE_LENGTH);
}

/** `k7qd2mxp`, `K7QD-2MXP`, ` k7qd 2mxp ` → `K7QD-2MXP`; null when it cannot be a booking code. */
export function normaliseBookingCode(input: string): string | null {
  const plain = input.replace(/[\s-]/g, '').toUpperCase();
  return codePattern.test(plain) ? `${plain.slice(0, 4)}-${plain.slice(4)}` : null;
}

/** How a typed code is shown while typing: `K7QD-2M`. */
export function displayCode(typed: string): string {
  return typed.length > 4 ? `${typed.slice(0, 4)}-${typed.slice(4)}` : typed;
}

/**
 * The booking code a scanned QR code holds: the code itself (the ticket's), or a link to the status page
 * with `?kode=` (the WhatsApp message's).
 */
export function codeFromScan(raw: string): string | null {
  const direct = normaliseBookingCode(raw.trim());
  if (direct) return direct;
  try {
    const kode = new URL(raw.trim()).searchParams.get('kode');
    return kode ? normaliseBookingCode(kode) : null;
  } catch {
    return null;
  }
}

const activity = ['pointerdown', 'keydown', 'touchstart', 'input'] as const;

/**
 * Calls `onIdle` once `idleMs` pass without a touch, click or key anywhere on the page while `active`;
 * each of them starts the wait again.
 */
export function useIdleReset(active: boolean, onIdle: () => void, idleMs = KIOSK_IDLE_MS): void {
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  });

  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => callback.current(), idleMs);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), idleMs);
    };
    for (const type of activity) document.addEventListener(type, restart, { capture: true });
    return () => {
      clearTimeout(timer);
      for (const type of activity) document.removeEventListener(type, restart, { capture: true });
    };
  }, [active, idleMs]);
}

/** Finds the QR codes in the camera's current picture: their texts. */
export type QrFinder = (video: HTMLVideoElement) => Promise<string[]>;

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
  getSupportedFormats?(): Promise<string[]>;
}

/** Whether the device has a camera API: scanning is offered then (the code can always be typed). */
export function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The browser's own QR detector (`BarcodeDetector`) where it has one that reads QR codes, else jsQR
 * (loaded with the first scan) on the picture drawn on a canvas.
 */
export async function qrFinder(): Promise<QrFinder> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  const formats = (await Detector?.getSupportedFormats?.().catch(() => [])) ?? [];
  if (Detector && formats.includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video)).map((code) => code.rawValue);
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!context || width === 0 || height === 0) return [];
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const found = jsQR(context.getImageData(0, 0, width, height).data, width, height);
    return found ? [found.data] : [];
  };
}
