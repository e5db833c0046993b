import JsBarcode from 'jsbarcode';
import { useLayoutEffect, useRef } from 'react';

/**
 * `value` as a Code 128 barcode (SVG), named `label` for screen readers. The value is not drawn under the
 * bars (that would measure text on a canvas): the card prints it beside them.
 */
export function Barcode({ value, label }: { value: string; label: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    if (ref.current) {
      JsBarcode(ref.current, value, {
        format: 'CODE128',
        height: 48,
        width: 2,
        margin: 0,
        displayValue: false,
      });
    }
  }, [value]);
  return <svg ref={ref} className="patient-card-barcode" role="img" aria-label={label} />;
}
