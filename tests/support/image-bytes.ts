// Real image files built byte by byte, in the four formats the Messages API reads, so tests
// never depend on fixture files: a PNG (zlib-compressed rows, CRCs), a baseline JPEG (one
// grey component, one-symbol Huffman tables), a GIF and a lossless WebP, each of any size.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of one colour. */
export function pngBytes(width: number, height: number, rgb = [0x33, 0x66, 0x99]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const rows = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function segment(marker: number, body: number[]): number[] {
  const length = body.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...body];
}

/**
 * A mid-grey baseline JPEG: every 8×8 block's DC difference and AC run are the one symbol of
 * their Huffman tables (code "0"), so each block is two bits.
 */
export function jpegBytes(width: number, height: number): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const oneSymbolTable = (tableClass: number) => [
    tableClass << 4,
    1,
    ...Array<number>(15).fill(0),
    0x00,
  ];
  const scan: number[] = [];
  let bits = 0;
  let count = 0;
  for (let i = 0; i < blocks * 2; i += 1) {
    bits <<= 1; // each bit is 0
    count += 1;
    if (count === 8) {
      scan.push(bits & 0xff);
      bits = 0;
      count = 0;
    }
  }
  if (count) scan.push(((bits << (8 - count)) | ((1 << (8 - count)) - 1)) & 0xff);
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneSymbolTable(0)),
    ...segment(0xc4, oneSymbolTable(1)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}

/** A one-colour GIF89a (a 2-colour table; LZW codes for the pixels, then end). */
export function gifBytes(width: number, height: number): Buffer {
  const le = (n: number) => [n & 0xff, n >> 8];
  // LZW with a minimum code size of 2: clear (4), then index 0 for every pixel, then end (5),
  // each as a 3-bit code; a clear every few codes keeps the code size at 3 bits.
  const codes: number[] = [4];
  for (let i = 0; i < width * height; i += 1) {
    codes.push(0);
    if (codes.length % 3 === 0) codes.push(4);
  }
  codes.push(5);
  const data: number[] = [];
  let bits = 0;
  let count = 0;
  for (const code of codes) {
    bits |= code << count;
    count += 3;
    while (count >= 8) {
      data.push(bits & 0xff);
      bits >>= 8;
      count -= 8;
    }
  }
  if (count) data.push(bits & 0xff);
  const blocks: number[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const part = data.slice(at, at + 255);
    blocks.push(part.length, ...part);
  }
  return Buffer.from([
    ...Buffer.from('GIF89a', 'ascii'),
    ...le(width),
    ...le(height),
    0x80, // a global colour table of 2 entries
    0,
    0,
    ...[0x33, 0x66, 0x99, 0xff, 0xff, 0xff],
    0x2c,
    ...le(0),
    ...le(0),
    ...le(width),
    ...le(height),
    0,
    2,
    ...blocks,
    0,
    0x3b,
  ]);
}

/** Bits written least significant first, as VP8L reads them. */
class BitWriter {
  private readonly bytes: number[] = [];
  private bits = 0;
  private count = 0;

  write(value: number, width: number): this {
    for (let i = 0; i < width; i += 1) {
      this.bits |= ((value >> i) & 1) << this.count;
      this.count += 1;
      if (this.count === 8) {
        this.bytes.push(this.bits);
        this.bits = 0;
        this.count = 0;
      }
    }
    return this;
  }

  done(): number[] {
    return this.count ? [...this.bytes, this.bits] : this.bytes;
  }
}

/**
 * A one-colour lossless WebP: no transforms, no colour cache, and five one-symbol prefix codes,
 * so the pixels take no bits at all.
 */
export function webpBytes(width: number, height: number): Buffer {
  const w = new BitWriter()
    .write(width - 1, 14)
    .write(height - 1, 14)
    .write(0, 1)
    .write(0, 3);
  w.write(0, 1).write(0, 1).write(0, 1); // no transform, no colour cache, no meta prefix codes
  for (const symbol of [0x66, 0x33, 0x99, 0xff, 0])
    w.write(1, 1).write(0, 1).write(1, 1).write(symbol, 8);
  const data = Buffer.from([0x2f, ...w.done()]);
  const padded = data.length % 2 ? Buffer.concat([data, Buffer.from([0])]) : data;
  const size = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  const chunk = Buffer.concat([Buffer.from('VP8L', 'ascii'), size(data.length), padded]);
  return Buffer.concat([
    Buffer.from('RIFF', 'ascii'),
    size(4 + chunk.length),
    Buffer.from('WEBP', 'ascii'),
    chunk,
  ]);
}

/** A small PDF: what a person might attach by mistake. */
export function pdfBytes(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'ascii',
  );
}
