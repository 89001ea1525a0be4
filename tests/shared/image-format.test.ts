import { describe, expect, it } from 'vitest';
import { imageSize, sniffImageType } from '../../src/shared/image-format';
import { gifBytes, jpegBytes, pdfBytes, pngBytes, webpBytes } from '../support/image-bytes';

describe('sniffImageType', () => {
  it('the four formats - each known by its first bytes', () => {
    expect(sniffImageType(pngBytes(3, 2))).toBe('image/png');
    expect(sniffImageType(jpegBytes(3, 2))).toBe('image/jpeg');
    expect(sniffImageType(gifBytes(3, 2))).toBe('image/gif');
    expect(sniffImageType(webpBytes(3, 2))).toBe('image/webp');
  });

  it('anything else - null: a PDF, text, a RIFF that is not WebP, too few bytes', () => {
    expect(sniffImageType(pdfBytes())).toBeNull();
    expect(sniffImageType(Buffer.from('just some text, not a picture'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(pngBytes(1, 1).subarray(0, 4))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('imageSize', () => {
  it('each format - width and height from its header', () => {
    expect(imageSize(pngBytes(37, 21), 'image/png')).toEqual({ width: 37, height: 21 });
    expect(imageSize(jpegBytes(37, 21), 'image/jpeg')).toEqual({ width: 37, height: 21 });
    expect(imageSize(gifBytes(37, 21), 'image/gif')).toEqual({ width: 37, height: 21 });
    expect(imageSize(webpBytes(37, 21), 'image/webp')).toEqual({ width: 37, height: 21 });
  });

  it('large sides - read whole, past 8000', () => {
    expect(imageSize(jpegBytes(9001, 8), 'image/jpeg')).toEqual({ width: 9001, height: 8 });
    expect(imageSize(webpBytes(8, 9001), 'image/webp')).toEqual({ width: 8, height: 9001 });
  });

  it('extended WebP (VP8X) - the canvas size', () => {
    const header = Buffer.alloc(30);
    header.write('RIFF', 0, 'ascii');
    header.write('WEBPVP8X', 8, 'ascii');
    header.writeUIntLE(8191, 24, 3);
    header.writeUIntLE(99, 27, 3);
    expect(imageSize(header, 'image/webp')).toEqual({ width: 8192, height: 100 });
  });

  it('a header cut short - null, never a guess', () => {
    expect(imageSize(pngBytes(5, 5).subarray(0, 14), 'image/png')).toBeNull();
    expect(imageSize(jpegBytes(5, 5).subarray(0, 30), 'image/jpeg')).toBeNull();
    expect(imageSize(webpBytes(5, 5).subarray(0, 16), 'image/webp')).toBeNull();
  });
});
