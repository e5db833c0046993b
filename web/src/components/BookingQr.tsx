import { useEffect, useState } from 'react';

/** The dark modules of a QR code as one SVG path: a `1×1` square per module. */
function pathOf(modules: readonly (readonly boolean[])[]): string {
  return modules.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
}

/**
 * `value` as a QR code (SVG) named `label` for screen readers: what the lobby kiosk scans. The encoder is
 * loaded with the first code shown, so pages without a ticket do not carry it.
 */
export function BookingQr({ value, label }: { value: string; label: string }) {
  const [qr, setQr] = useState<{ value: string; size: number; path: string } | null>(null);

  useEffect(() => {
    let current = true;
    void import('uqr').then(({ encode }) => {
      if (!current) return;
      const { size, data } = encode(value, { ecc: 'M', border: 2 });
      setQr({ value, size, path: pathOf(data) });
    });
    return () => {
      current = false;
    };
  }, [value]);

  if (!qr || qr.value !== value) return <div className="booking-qr" aria-hidden="true" />;
  return (
    <svg
      className="booking-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
