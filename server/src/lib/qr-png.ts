import { deflateSync } from 'node:zlib';
import { encode } from 'uqr';

// A QR code as a PNG image, for the WhatsApp message: gateways attach images by address, and phones show a
// PNG where an SVG is not shown. The ticket on the page draws the same code as SVG (web BookingQr).

/** Pixels per module: a code of 8 characters (25 modules with its border) comes out 200 px wide. */
const SCALE = 8;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data, and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** `value` as a black-on-white QR code (error correction M, 2 modules of quiet zone), 8-bit greyscale PNG. */
export function qrPng(value: string): Buffer {
  const { size, data } = encode(value, { ecc: 'M', border: 2 });
  const width = size * SCALE;
  // Each row: filter type 0 (none), then one byte per pixel.
  const rows = Buffer.alloc((width + 1) * width, 0xff);
  for (let y = 0; y < width; y++) {
    const row = y * (width + 1);
    rows[row] = 0;
    const modules = data[Math.floor(y / SCALE)] ?? [];
    for (let x = 0; x < width; x++) if (modules[Math.floor(x / SCALE)]) rows[row + 1 + x] = 0;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
