// Sluice's version: package.json's, bundled into the CLI at build (vite inlines the one field),
// so `sluice --version` reads no file at run time.
import { version } from '../../package.json';

export const SLUICE_VERSION: string = version;
