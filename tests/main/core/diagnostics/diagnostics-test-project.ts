// Test support: a real temp project on disk and a real diagnostics service over it.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createDiagnosticsService,
  type DiagnosticsServiceOptions,
} from '../../../../src/main/core/diagnostics/diagnostics-service';
import type { DiagnosticsPort } from '../../../../src/main/core/diagnostics/diagnostics-port';

export interface DiagnosticsProject {
  readonly root: string;
  readonly service: DiagnosticsPort;
  write(relative: string, text: string): void;
  cleanup(): Promise<void>;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(root, ...relative.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

export function makeDiagnosticsProject(
  files: Record<string, string>,
  options: Omit<DiagnosticsServiceOptions, 'root'> = {},
): DiagnosticsProject {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-diag-')));
  writeFiles(root, files);
  const service = createDiagnosticsService({ root, ...options });
  return {
    root,
    service,
    write: (relative, text) => writeFiles(root, { [relative]: text }),
    async cleanup() {
      await service.dispose();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export const STRICT_TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  },
  include: ['src'],
});
