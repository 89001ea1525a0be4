// What an image file is, read from its first bytes (never its name): PNG, JPEG, GIF or WebP,
// the four the Messages API reads, and its width and height where the header says them
// cheaply. Pure: the app's composer and the core read the same bytes the same way.
import { missingCase } from './missing-case';

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

/** Bytes enough to tell the four formats apart. */
export const IMAGE_SNIFF_BYTES = 16;

function startsWith(bytes: Uint8Array, at: number, expected: readonly number[]): boolean {
  if (bytes.length < at + expected.length) return false;
  return expected.every((byte, i) => bytes[at + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** The image's type from its magic bytes; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageMediaType | null {
  if (startsWith(bytes, 0, PNG)) return 'image/png';
  if (startsWith(bytes, 0, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, 0, GIF87) || startsWith(bytes, 0, GIF89)) return 'image/gif';
  if (startsWith(bytes, 0, RIFF) && startsWith(bytes, 8, WEBP)) return 'image/webp';
  return null;
}

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

function u16be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function u16le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function u24le(bytes: Uint8Array, at: number): number {
  return u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
}

function u32be(bytes: Uint8Array, at: number): number {
  return u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);
}

/** JPEG's start-of-frame markers: every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Walks the JPEG's marker segments to the frame header; null when it is not in `bytes`. */
function jpegSize(bytes: Uint8Array): ImageSize | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers with no segment
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end, or scan data before any frame
    const length = u16be(bytes, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array): ImageSize | null {
  if (startsWith(bytes, 12, ascii('VP8 ')) && startsWith(bytes, 23, [0x9d, 0x01, 0x2a]))
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  if (startsWith(bytes, 12, ascii('VP8L')) && bytes[20] === 0x2f && bytes.length >= 25) {
    const bits = u16le(bytes, 21) + u16le(bytes, 23) * 0x10000;
    return { width: (bits & 0x3fff) + 1, height: (Math.floor(bits / 0x4000) & 0x3fff) + 1 };
  }
  if (startsWith(bytes, 12, ascii('VP8X')) && bytes.length >= 30)
    return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  return null;
}

/** Width and height from the header; null when it cannot be read from these bytes. */
export function imageSize(bytes: Uint8Array, type: ImageMediaType): ImageSize | null {
  switch (type) {
    case 'image/png':
      return startsWith(bytes, 12, ascii('IHDR'))
        ? { width: u32be(bytes, 16), height: u32be(bytes, 20) }
        : null;
    case 'image/gif':
      return bytes.length >= 10 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : null;
    case 'image/jpeg':
      return jpegSize(bytes);
    case 'image/webp':
      return webpSize(bytes);
    default:
      return missingCase(type);
  }
}
