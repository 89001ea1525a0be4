// Where the commands of a line may run: a `cd` moves every later relative
// write, so the write check follows it (`cd /tmp && echo x > out.txt` is judged like
// `echo x > /tmp/out.txt`).
import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { unwrapCommand } from './command-wrappers';
import { commandWords } from './shell-words';

/** The folders a line's commands may run in; null once one is only known at run time. */
export interface CwdSet {
  dirs: string[] | null;
}

/** At most this many folders are followed through `cd`s; past it the folder is unknown. */
const MAX_CWDS = 32;

/** Why the folder a relative path is resolved in is not known. */
export const UNKNOWN_CWD =
  'an earlier cd goes to a folder only known at run time (a variable, `-`, home), so where a relative path lands is not known';

/**
 * Every folder the line's commands may run in: the starting folder and each `cd` target,
 * resolved from every folder found so far. Order and success are not followed (a cd in a
 * loop, a subshell or one that fails still counts), so the set only over-approximates; a
 * target only known at run time (a variable, `-`, no argument: home) makes it unknown.
 */
function cdTarget(node: Node): { target: string | null } | null {
  const words = unwrapCommand(commandWords(node)).words;
  const first = words[0] === 'builtin' ? 1 : 0;
  const name = words[first];
  if (name !== 'cd' && name !== 'pushd' && name !== 'popd' && name !== 'chdir') return null;
  const args = words.slice(first + 1).filter((w) => w === null || !/^-[LPe@]+$/u.test(w));
  return { target: name === 'popd' || args[0] === '-' ? null : (args[0] ?? null) };
}

/**
 * The `cd` a line starts with when everything else runs only after it succeeded: one
 * statement whose lists are all `&&` (`cd build && make > out.log`), with the cd leftmost.
 */
function leadingCd(rootNode: Node): Node | null {
  const statements = rootNode.namedChildren.filter((c) => c && c.type !== 'comment');
  if (statements.length !== 1) return null;
  let node = statements[0] ?? null;
  if (node?.type === 'redirected_statement') node = node.childForFieldName('body');
  if (node?.type !== 'list') return null;
  const stack: Node[] = [node];
  while (stack.length) {
    const current = stack.pop() as Node;
    if (current.type === 'list' && current.children.some((c) => c && !c.isNamed && c.text !== '&&'))
      return null;
    for (const child of current.namedChildren) if (child?.type === 'list') stack.push(child);
  }
  while (node?.type === 'list') node = node.namedChildren[0] ?? null;
  return node?.type === 'command' ? node : null;
}

export function collectCds(rootNode: Node, walk: { readonly cwd: CwdSet }): void {
  const targets: (string | null)[] = [];
  const leading = leadingCd(rootNode);
  const stack: Node[] = [rootNode];
  while (stack.length) {
    const node = stack.pop() as Node;
    const cd = node.type === 'command' ? cdTarget(node) : null;
    if (cd && node.id === leading?.id && cd.target !== null && walk.cwd.dirs !== null) {
      // Every later command runs only once this cd succeeded: the start folder is left.
      const target = cd.target;
      if (!target.startsWith('~'))
        walk.cwd.dirs = [...new Set(walk.cwd.dirs.map((dir) => path.resolve(dir, target)))];
      else targets.push(null);
    } else if (cd) {
      targets.push(cd.target);
    }
    for (const child of node.children) if (child) stack.push(child);
  }
  for (const target of targets) {
    const dirs = walk.cwd.dirs;
    if (dirs === null) return;
    if (target === null || target.startsWith('~')) {
      walk.cwd.dirs = null;
      return;
    }
    const found = new Set(dirs);
    // Resolved from every folder known so far, twice: `cd a; cd b` in any order.
    for (let round = 0; round < 2; round += 1)
      for (const dir of [...found]) found.add(path.resolve(dir, target));
    walk.cwd.dirs = found.size > MAX_CWDS ? null : [...found];
  }
}
