import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { anjunganNs } from './i18n';
import { codeFromScan, hasCamera, qrFinder, SCAN_INTERVAL_MS } from './kiosk';

/**
 * The camera's picture, searched for a booking code's QR code a few times a second (`qrFinder`); `onCode`
 * gets the first booking code found. Without a camera it says so (the code can still be typed).
 * The camera is released on leaving.
 */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(anjunganNs);
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const fail = () => {
      if (!stopped) setFailed(true);
    };
    if (!hasCamera()) {
      fail();
      return;
    }
    const finding = qrFinder();
    finding.catch(fail);
    const search = async () => {
      const element = video.current;
      if (stopped || !element) return;
      try {
        const find = await finding;
        for (const text of await find(element)) {
          const code = codeFromScan(text);
          if (code && !stopped) {
            stopped = true;
            found.current(code);
            return;
          }
        }
      } catch {
        // A picture not ready yet (no frame): the next one is searched.
      }
      if (!stopped) timer = setTimeout(search, SCAN_INTERVAL_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped) return;
        const element = video.current;
        if (element) {
          element.srcObject = media;
          await element.play().catch(() => undefined);
        }
        void search();
      })
      .catch(fail);
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="kiosk-scanner">
      {/* The camera's own picture has nothing to caption. */}
      <video ref={video} className="kiosk-video" aria-label={t('scan.video')} muted playsInline />
      <p className="kiosk-help" role="status">
        {failed ? t('scan.noCamera') : t('scan.searching')}
      </p>
    </div>
  );
}
