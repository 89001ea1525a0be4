// Serves the built renderer bundle. Paths are resolved inside the bundle folder by
// components; anything else is 404. Unknown routes fall back to index.html (one-page app).
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFiles {
  /** Resolves a URL path to a file inside the bundle, or undefined. */
  resolve(urlPath: string): Promise<string | undefined>;
  send(
    res: ServerResponse,
    file: string,
    headers: Record<string, string>,
    headOnly: boolean,
  ): Promise<void>;
}

export async function createStaticFiles(folder: string): Promise<StaticFiles> {
  const root = await realpath(folder).catch(() => {
    throw new Error(`The renderer bundle was not found at ${folder}; run \`npm run build\` first.`);
  });
  const index = path.join(root, 'index.html');
  await stat(index).catch(() => {
    throw new Error(
      `The renderer bundle at ${root} has no index.html; run \`npm run build\` first.`,
    );
  });

  const inside = (candidate: string) => candidate === root || candidate.startsWith(root + path.sep);

  return {
    async resolve(urlPath) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return undefined;
      }
      if (decoded.includes('\0')) return undefined;
      const parts = decoded.split(/[\\/]+/).filter((p) => p && p !== '.');
      if (parts.includes('..')) return undefined;
      if (parts.length === 0) return index;
      const candidate = path.join(root, ...parts);
      try {
        const real = await realpath(candidate);
        if (!inside(real)) return undefined;
        const info = await stat(real);
        if (info.isFile()) return real;
        return undefined;
      } catch {
        // A route of the one-page app, not a file: serve the shell, unless it looks like an asset.
        return path.extname(parts[parts.length - 1] ?? '') ? undefined : index;
      }
    },
    async send(res, file, headers, headOnly) {
      const info = await stat(file);
      res.writeHead(200, {
        ...headers,
        'Content-Type':
          CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': String(info.size),
        'Cache-Control': file.endsWith('index.html') ? 'no-store' : 'private, max-age=3600',
      });
      if (headOnly) {
        res.end();
        return;
      }
      await new Promise<void>((resolve, reject) => {
        const stream = createReadStream(file);
        stream.on('error', reject);
        stream.on('end', () => resolve());
        stream.pipe(res);
      });
    },
  };
}
