// Where the window's UI comes from. Production: the bundled out/renderer/index.html via
// loadFile, never a URL. Development: the electron-vite dev server named by
// ELECTRON_RENDERER_URL, accepted only in an unpackaged app and only on loopback.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { missingCase } from '../../shared/missing-case';

export type RendererEntry =
  { readonly kind: 'file'; readonly file: string } | { readonly kind: 'dev'; readonly url: string };

export interface RendererEntryInput {
  readonly isPackaged: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Folder of the built main bundle (out/main). */
  readonly mainDir: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function resolveRendererEntry(input: RendererEntryInput): RendererEntry {
  const devUrl = input.env.ELECTRON_RENDERER_URL;
  if (!input.isPackaged && devUrl) {
    const url = new URL(devUrl);
    if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) {
      throw new Error(
        `ELECTRON_RENDERER_URL must be an http:// loopback dev server, got ${url.origin}.`,
      );
    }
    return { kind: 'dev', url: url.href };
  }
  return { kind: 'file', file: path.join(input.mainDir, '..', 'renderer', 'index.html') };
}

/**
 * Whether a frame URL is the app's own page: the same file (any hash or query) for
 * production, the same origin for the dev server.
 */
export function isAppUrl(entry: RendererEntry, frameUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return false;
  }
  switch (entry.kind) {
    case 'file': {
      const expected = pathToFileURL(entry.file);
      return (
        url.protocol === 'file:' && url.host === expected.host && url.pathname === expected.pathname
      );
    }
    case 'dev':
      return url.origin === new URL(entry.url).origin;
    default:
      return missingCase(entry);
  }
}
