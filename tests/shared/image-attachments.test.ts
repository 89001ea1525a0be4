import { describe, expect, it } from 'vitest';
import {
  base64Bytes,
  checkImageBytes,
  imageInputSchema,
  imageName,
  MAX_IMAGE_BASE64_CHARS,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_TURN,
  refuseImageFile,
  refuseImageSet,
  sizeWords,
} from '../../src/shared/image-attachments';
import { gifBytes, jpegBytes, pdfBytes, pngBytes, webpBytes } from '../support/image-bytes';

describe('checkImageBytes', () => {
  it('PNG, JPEG, GIF and WebP - accepted with their type, size in bytes and dimensions', () => {
    const cases = [
      ['a.png', pngBytes(4, 3), 'image/png'],
      ['b.jpg', jpegBytes(4, 3), 'image/jpeg'],
      ['c.gif', gifBytes(4, 3), 'image/gif'],
      ['d.webp', webpBytes(4, 3), 'image/webp'],
    ] as const;
    for (const [name, bytes, mediaType] of cases) {
      expect(checkImageBytes(name, bytes)).toEqual({
        ok: true,
        image: { name, mediaType, bytes: bytes.length, size: { width: 4, height: 3 } },
      });
    }
  });

  it('a PDF - refused in words that name the file and the formats', () => {
    expect(checkImageBytes('x.pdf', pdfBytes())).toEqual({
      ok: false,
      refused: 'x.pdf is not an image Claude can read (PNG, JPEG, GIF or WebP).',
    });
  });

  it('a fake extension - the bytes decide: a PDF named .png is refused, a PNG named .txt is a PNG', () => {
    const fake = checkImageBytes('shot.png', pdfBytes());
    expect(fake.ok).toBe(false);
    expect(!fake.ok && fake.refused).toContain('shot.png is not an image Claude can read');
    const real = checkImageBytes('notes.txt', pngBytes(2, 2));
    expect(real.ok && real.image.mediaType).toBe('image/png');
  });

  it('over the API limit - refused with the size and the limit in words', () => {
    const big = Buffer.concat([pngBytes(2, 2), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const checked = checkImageBytes('huge.png', big);
    expect(checked).toEqual({
      ok: false,
      refused: `huge.png is ${sizeWords(big.length)}; Claude takes images of at most 3.75 MB (5 MB once encoded for the API). Save it smaller (a lower resolution, or as JPEG) and attach it again.`,
    });
  });

  it('exactly at the limit - accepted, and its base64 is exactly the API limit', () => {
    const png = pngBytes(2, 2);
    const atLimit = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]);
    expect(checkImageBytes('edge.png', atLimit).ok).toBe(true);
    expect(atLimit.toString('base64').length).toBe(MAX_IMAGE_BASE64_CHARS);
  });

  it('wider than 8000 px - refused with its dimensions and the limit', () => {
    expect(checkImageBytes('wide.jpg', jpegBytes(8001, 8))).toEqual({
      ok: false,
      refused:
        'wide.jpg is 8001×8 pixels; Claude takes images of at most 8000 pixels a side. Scale it down and attach it again.',
    });
    expect(checkImageBytes('tall.gif', gifBytes(1, 8000)).ok).toBe(true);
  });

  it('an empty file - refused as empty', () => {
    expect(checkImageBytes('blank.png', new Uint8Array())).toEqual({
      ok: false,
      refused: 'blank.png is empty: there is no image in it.',
    });
  });
});

describe('refuseImageFile', () => {
  it('before reading the file whole - the type from its first bytes comes before its size', () => {
    const head = pdfBytes().subarray(0, 16);
    expect(refuseImageFile('big.pdf', head, 50 * 1024 * 1024)).toContain(
      'big.pdf is not an image Claude can read',
    );
    expect(refuseImageFile('big.png', pngBytes(1, 1).subarray(0, 16), 50 * 1024 * 1024)).toContain(
      'big.png is 50 MB',
    );
    expect(refuseImageFile('ok.png', pngBytes(1, 1).subarray(0, 16), 1000)).toBeNull();
  });
});

describe('refuseImageSet', () => {
  it('more images than a message takes - refused with the count', () => {
    const many = Array.from({ length: MAX_IMAGES_PER_TURN + 1 }, () => ({ bytes: 10 }));
    expect(refuseImageSet(many)).toBe(
      'At most 20 images go with one message (21 were attached). Send the others in a later message.',
    );
    expect(refuseImageSet(many.slice(1))).toBeNull();
  });

  it('too many bytes together - refused with the total and the limit', () => {
    const five = Array.from({ length: 5 }, () => ({ bytes: MAX_IMAGE_BYTES }));
    expect(refuseImageSet(five)).toBe(
      'The images come to 19 MB; one message takes at most 15 MB of images. Send some of them in a later message.',
    );
  });
});

describe('image names and sizes', () => {
  it('imageName - the last path part, hidden characters gone, never empty', () => {
    expect(imageName('/home/me/Desktop/shot 1.png')).toBe('shot 1.png');
    expect(imageName('C:\\Users\\me\\a.png')).toBe('a.png');
    expect(imageName('evil\u202e\u0007gnp.exe')).toBe('evilgnp.exe');
    expect(imageName('line\nbreak.png')).toBe('line break.png');
    expect(imageName('')).toBe('image');
    expect(imageName('x'.repeat(400))).toHaveLength(255);
  });

  it('sizeWords and base64Bytes - bytes, KB, MB; padding counted', () => {
    expect(sizeWords(1)).toBe('1 byte');
    expect(sizeWords(812)).toBe('812 bytes');
    expect(sizeWords(14_000)).toBe('14 KB');
    expect(sizeWords(MAX_IMAGE_BYTES)).toBe('3.75 MB');
    expect(base64Bytes(Buffer.from('ab').toString('base64'))).toBe(2);
    expect(base64Bytes(Buffer.from('abc').toString('base64'))).toBe(3);
    expect(base64Bytes(Buffer.from('abcd').toString('base64'))).toBe(4);
  });

  it('imageInputSchema - refuses text that is not base64 and unknown types', () => {
    const data = pngBytes(1, 1).toString('base64');
    expect(
      imageInputSchema.safeParse({ name: 'a.png', mediaType: 'image/png', data }).success,
    ).toBe(true);
    expect(
      imageInputSchema.safeParse({ name: 'a.png', mediaType: 'image/png', data: 'not base64!' })
        .success,
    ).toBe(false);
    expect(
      imageInputSchema.safeParse({ name: 'a.bmp', mediaType: 'image/bmp', data }).success,
    ).toBe(false);
  });
});
