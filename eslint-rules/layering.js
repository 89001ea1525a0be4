// Local ESLint rule enforcing DESIGN.md "Layout" (after VS Code's code-layering rule).
// Each import is resolved to a path first, so `../electron/app` is caught as surely as
// `src/main/electron/app`; bare modules are checked against the layer's forbidden list.
import path from 'node:path';
import { builtinModules } from 'node:module';

const NODE = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** Layer of a repo-relative path, or undefined when the path is outside src/. */
function layerOf(relative) {
  const p = relative.split(path.sep).join('/');
  if (p.startsWith('src/shared/')) return 'shared';
  if (p.startsWith('src/main/core/')) return 'core';
  if (p.startsWith('src/main/electron/')) return 'electron';
  if (p.startsWith('src/preload/')) return 'preload';
  if (p.startsWith('src/renderer/')) return 'renderer';
  if (p.startsWith('src/cli/')) return 'cli';
  if (p.startsWith('tests/renderer/')) return 'renderer-test';
  if (p.startsWith('src/')) return 'src-other';
  return undefined;
}

const RULES = {
  shared: {
    layers: ['shared'],
    node: false,
    electron: false,
    bare: (m) => m !== 'react' && m !== 'react-dom',
  },
  core: { layers: ['shared', 'core'], node: true, electron: false },
  electron: { layers: ['shared', 'core', 'electron'], node: true, electron: true },
  preload: { layers: ['shared', 'preload'], node: false, electron: true },
  renderer: { layers: ['shared', 'renderer'], node: false, electron: false },
  cli: { layers: ['shared', 'core', 'cli'], node: true, electron: false },
  'renderer-test': {
    layers: ['shared', 'renderer', 'renderer-test', undefined],
    node: false,
    electron: false,
  },
};

const WHY = {
  shared: 'src/shared is pure TypeScript: no node, electron, DOM framework or other layer',
  core: 'src/main/core runs under plain Node: never electron, the renderer, preload or the shells',
  electron: 'src/main/electron may use core and shared, never the renderer, preload or the CLI',
  preload: 'src/preload exposes the contract only: electron and src/shared',
  renderer: 'the renderer talks only through the contract: no node, electron, main, preload or cli',
  cli: 'src/cli is a Node shell: never electron, the Electron shell, preload or the renderer',
  'renderer-test': 'renderer tests run in a browser-like environment: no node, electron or main',
};

/**
 * Inside src/main/core, folders form floors, lowest first (docs/ARCHITECTURE.md "The core's
 * floors"): a file may import its own folder and the folders below it, never one above.
 * A new folder must be placed here before it can import or be imported.
 */
export const CORE_FLOORS = [
  'process',
  'workspace',
  'search',
  'index',
  'checkpoints',
  'edits',
  'store',
  // A command line as words: parsing, wrappers, the rules and the policy over them.
  'shell',
  'approvals',
  // Where a command runs: bubblewrap, Seatbelt, cgroups, the network proxy, a run's copy.
  'sandbox',
  // Running one command: the gate, the process, its output and what it changed.
  'commands',
  // Background runs: their executors (this machine, a container) and their queue.
  'runs',
  // Checkers run their toolchains through the confinement, which is built on the sandbox:
  // diagnostics sits above both.
  'confinement',
  'diagnostics',
  'test-runs',
  // The person's and the project's hooks: run like commands or confined, and on a proposal's
  // copy as tests are, so above both; evidence and the agent loop call them.
  'hooks',
  // What a change's checks found and the words each screen and the model read of it.
  'evidence',
  'tools',
  'git',
  'mcp-client',
  'agent',
  'proposals',
  'mcp-server',
  // The one engine every shell opens (open-project-engine.ts); services build the app on it.
  'project',
  'services',
  'browser-mode',
];

/** The core folder of a repo-relative path, or undefined outside src/main/core/<folder>/. */
function coreFolderOf(relative) {
  const p = relative.split(path.sep).join('/');
  const match = /^src\/main\/core\/([^/]+)\//u.exec(p);
  return match ? match[1] : undefined;
}

/** Why an import between two core folders is not allowed, or null when it is. */
export function coreFloorProblem(fromFolder, toFolder) {
  if (fromFolder === undefined || toFolder === undefined || fromFolder === toFolder) return null;
  const from = CORE_FLOORS.indexOf(fromFolder);
  const to = CORE_FLOORS.indexOf(toFolder);
  if (from < 0) return `core/${fromFolder} has no floor yet: add it to CORE_FLOORS`;
  if (to < 0) return `core/${toFolder} has no floor yet: add it to CORE_FLOORS`;
  if (to > from)
    return `core/${fromFolder} may import only the floors below it, and core/${toFolder} is above it`;
  return null;
}

export default {
  rules: {
    layering: {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          forbidden: '{{why}}: "{{source}}" is not allowed here.',
          floor: '{{why}}: "{{source}}" is not allowed here.',
        },
      },
      create(context) {
        const file = context.physicalFilename ?? context.filename;
        const cwd = context.cwd ?? process.cwd();
        const layer = layerOf(path.relative(cwd, file));
        const rule = layer ? RULES[layer] : undefined;
        if (!rule) return {};
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          let allowed;
          if (source.startsWith('.') || source.startsWith('/')) {
            const targetPath = path.relative(cwd, path.resolve(path.dirname(file), source));
            const target = layerOf(targetPath);
            // The CLI reads its version from the package's own manifest (bundled at build).
            allowed =
              rule.layers.includes(target) || (layer === 'cli' && targetPath === 'package.json');
            const floor =
              allowed && layer === 'core'
                ? coreFloorProblem(coreFolderOf(path.relative(cwd, file)), coreFolderOf(targetPath))
                : null;
            if (floor) {
              context.report({ node, messageId: 'floor', data: { why: floor, source } });
              return;
            }
          } else if (NODE.has(source) || NODE.has(source.split('/')[0])) {
            allowed = rule.node;
          } else if (source === 'electron' || source.startsWith('electron/')) {
            allowed = rule.electron;
          } else {
            allowed = rule.bare ? rule.bare(source) : true;
          }
          if (!allowed)
            context.report({ node, messageId: 'forbidden', data: { why: WHY[layer], source } });
        };
        const fromSource = (node) => node.source && check(node.source, node.source.value);
        return {
          ImportDeclaration: fromSource,
          ExportNamedDeclaration: fromSource,
          ExportAllDeclaration: fromSource,
          ImportExpression: (node) =>
            node.source.type === 'Literal' && check(node.source, node.source.value),
          CallExpression: (node) => {
            if (
              node.callee.type === 'Identifier' &&
              node.callee.name === 'require' &&
              node.arguments[0]?.type === 'Literal'
            ) {
              check(node.arguments[0], node.arguments[0].value);
            }
          },
          TSImportEqualsDeclaration: (node) =>
            node.moduleReference.type === 'TSExternalModuleReference' &&
            check(node.moduleReference, node.moduleReference.expression.value),
        };
      },
    },
  },
};
