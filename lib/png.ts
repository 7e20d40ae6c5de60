import { deflateSync } from 'node:zlib';

/** CRC-32 as PNG chunks need it. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * The app's mark as a PNG (a white smile on the clinic's teal disc), drawn in code so that the wallet pass
 * needs no image files: `size` pixels square, transparent outside the disc unless a `background` is given
 * (home-screen icons must be opaque: iOS paints transparency black).
 */
export function brandIconPng(size: number, background?: [number, number, number]): Buffer {
  const teal = [0x00, 0x71, 0x6b];
  const rows: Buffer[] = [];
  const c = (size - 1) / 2;
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let x = 0; x < size; x++) {
      const dx = (x - c) / r;
      const dy = (y - c) / r;
      const inDisc = dx * dx + dy * dy <= 1;
      const eye =
        (Math.hypot(dx + 0.32, dy + 0.22) < 0.13 || Math.hypot(dx - 0.32, dy + 0.22) < 0.13) && inDisc;
      const smileRadius = Math.hypot(dx, dy + 0.05);
      const smile = dy > 0.12 && smileRadius > 0.44 && smileRadius < 0.58 && inDisc;
      const [red, green, blue] = eye || smile ? [255, 255, 255] : inDisc || !background ? teal : background;
      row.writeUInt8(red!, 1 + x * 4);
      row.writeUInt8(green!, 2 + x * 4);
      row.writeUInt8(blue!, 3 + x * 4);
      row.writeUInt8(inDisc || background ? 255 : 0, 4 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
