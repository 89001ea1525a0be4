// CI gate: Electronegativity over the build output, through its library entry so we get each
// finding's severity as data (its CSV does not escape samples, its SARIF drops severity).
// Fails on any HIGH or CRITICAL finding not explained in EXPLAINED below; prints them all.
// AvailableSecurityFixesGlobalCheck is excluded: it downloads Electron's release list and CI
// has no network; Electron's version is pinned in package.json and reviewed when bumped.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const electronVersion = require('electron/package.json').version;
const run = require('@doyensec/electronegativity'); // the package's main is the runner

/** `RULE@file` → why it is acceptable. Only HIGH/CRITICAL findings need an entry. */
const EXPLAINED = {};

if (!existsSync('out/main/index.js')) {
  console.error('electronegativity: run `npm run build` first.');
  process.exit(1);
}
const result = await run(
  {
    input: path.resolve('out'),
    customScan: [],
    excludeFromScan: ['availablesecurityfixesglobalcheck'],
    severitySet: 'informational',
    confidenceSet: 'tentative',
    isRelative: true,
    isVerbose: false,
    electronVersionOverride: electronVersion,
    parserPlugins: [],
  },
  false,
);
let serious = 0;
let unexplained = 0;
for (const issue of result.issues) {
  const severity = issue.severity.name;
  const key = `${issue.id}@${issue.file}`;
  const high = severity === 'HIGH' || severity === 'CRITICAL';
  const why = EXPLAINED[key];
  if (high) serious++;
  if (high && !why) unexplained++;
  console.log(
    `${severity.padEnd(13)} ${issue.confidence.name.padEnd(10)} ${key}:${issue.location.line} ${why ? `(explained: ${why})` : ''}`,
  );
}
console.log(
  `electronegativity: ${result.issues.length} findings, ${serious} high-severity, ${unexplained} unexplained`,
);
process.exit(unexplained ? 1 : 0);
