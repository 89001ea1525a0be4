// Image files for component tests, where Node's Buffer and zlib are not at hand: the bytes that
// tests/support/image-bytes.ts builds (pngBytes(3, 3), pngBytes(2, 2), jpegBytes(8, 8),
// pdfBytes()), kept as base64.
export const PNG_3X3 =
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAADCAIAAADZSiLoAAAAEElEQVR4nGMwTpsJQQxYWACd5grDtYZ/ZwAAAABJRU5ErkJggg==';
export const PNG_2X2 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGMwTptpnDaTAUIBAB/uBMmHTtWQAAAAAElFTkSuQmCC';
export const JPEG_8X8 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAAIAAgBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z';
export const PDF =
  'JVBERi0xLjQKMSAwIG9iajw8L1R5cGUvQ2F0YWxvZy9QYWdlcyAyIDAgUj4+ZW5kb2JqCjIgMCBvYmo8PC9UeXBlL1BhZ2VzL0tpZHNbXS9Db3VudCAwPj5lbmRvYmoKdHJhaWxlcjw8L1Jvb3QgMSAwIFI+PgolJUVPRgo=';

export function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

export function fileOf(base64: string, name: string, type = ''): File {
  return new File([bytesOf(base64)], name, { type });
}
