// What differs between one line of the file and the line of old_text meant to match it, in
// words the model can act on: "line 12 has 2 spaces where old_text has 1 (column 14)",
// "differs only in letter case", "contains an invisible U+200B ZERO WIDTH SPACE at column 9".
// Columns are 1-based UTF-16 positions in the line they name.
import {
  describeCharacter,
  isBlank,
  isInvisible,
  isUnusualSpace,
  normalizeLine,
  visible,
} from './invisible-characters';
import { rtrim } from './line-table';

/** Findings reported for one line before the rest is summed up. */
const MAX_FINDINGS = 3;

/** A sentence (or a few) on how `fileLine` (line `lineNo`) differs from `oldLine`; undefined when it does not matter. */
export function describeLineDifference(
  fileLine: string,
  oldLine: string,
  lineNo: number,
): string | undefined {
  if (fileLine === oldLine || rtrim(fileLine) === rtrim(oldLine)) return undefined;
  const fileBody = trimAscii(fileLine);
  const oldBody = trimAscii(oldLine);
  if (fileBody && fileBody === oldBody) {
    return `line ${lineNo}: indentation differs: the file has ${describeIndent(fileLine)}, old_text has ${describeIndent(oldLine)}.`;
  }
  const aligned = align(fileLine, oldLine);
  return compare(aligned, lineNo);
}

interface Aligned {
  readonly file: string;
  readonly fileOffset: number;
  readonly old: string;
  readonly oldOffset: number;
}

/**
 * The part of the file line old_text's line corresponds to: where the normalized old line
 * occurs inside the normalized file line (old_text may begin or end mid-line), else both
 * lines without their indentation.
 */
function align(fileLine: string, oldLine: string): Aligned {
  const oldOffset = oldLine.length - oldLine.replace(/^[ \t]+/u, '').length;
  const old = trimAscii(oldLine);
  const fileNorm = normalizeLine(fileLine, true);
  const oldNorm = normalizeLine(oldLine).text;
  const at = oldNorm ? fileNorm.text.indexOf(oldNorm) : -1;
  if (at !== -1) {
    let from = fileNorm.map[at] ?? 0;
    let to = (fileNorm.map[at + oldNorm.length - 1] ?? fileLine.length - 1) + 1;
    // Invisible characters at either end belong to the region (normalizing dropped them).
    while (from > 0 && isInvisible(fileLine[from - 1])) from -= 1;
    while (to < fileLine.length && isInvisible(fileLine[to])) to += 1;
    return { file: fileLine.slice(from, to), fileOffset: from, old, oldOffset };
  }
  const fileOffset = fileLine.length - fileLine.replace(/^[ \t]+/u, '').length;
  return { file: trimAscii(fileLine), fileOffset, old, oldOffset };
}

function compare(a: Aligned, lineNo: number): string | undefined {
  const findings: string[] = [];
  let caseColumn: { file: number; old: number } | undefined;
  let i = 0;
  let j = 0;
  while ((i < a.file.length || j < a.old.length) && findings.length < MAX_FINDINGS) {
    const f = a.file[i];
    const o = a.old[j];
    const fileColumn = a.fileOffset + i + 1;
    const oldColumn = a.oldOffset + j + 1;
    if (f !== undefined && f === o && !isBlank(f)) {
      i += 1;
      j += 1;
    } else if (f !== undefined && isInvisible(f)) {
      findings.push(
        `line ${lineNo} contains an invisible ${describeCharacter(f)} at column ${fileColumn} that old_text does not have`,
      );
      i += 1;
    } else if (o !== undefined && isInvisible(o)) {
      findings.push(
        `old_text contains an invisible ${describeCharacter(o)} at column ${oldColumn} that line ${lineNo} does not have`,
      );
      j += 1;
    } else if (isBlank(f) || isBlank(o)) {
      const fileRun = blankRun(a.file, i);
      const oldRun = blankRun(a.old, j);
      const finding = describeBlankRuns(fileRun, oldRun, lineNo, fileColumn, oldColumn);
      if (finding) findings.push(finding);
      i += fileRun.length;
      j += oldRun.length;
    } else if (f !== undefined && o !== undefined && f.toLowerCase() === o.toLowerCase()) {
      caseColumn ??= { file: fileColumn, old: oldColumn };
      i += 1;
      j += 1;
    } else {
      const what = `text differs at column ${fileColumn}: file \`${clip(a.file)}\`, old_text \`${clip(a.old)}\``;
      findings.push(findings.length === 0 ? `line ${lineNo}: ${what}` : `then ${what}`);
      break;
    }
  }
  if (caseColumn) {
    const fileWord = wordAt(a.file, caseColumn.file - a.fileOffset - 1);
    const oldWord = wordAt(a.old, caseColumn.old - a.oldOffset - 1);
    const where = `column ${caseColumn.file}: file \`${fileWord}\`, old_text \`${oldWord}\``;
    findings.push(
      findings.length === 0
        ? `line ${lineNo} differs only in letter case (${where})`
        : `letter case differs too (${where})`,
    );
  }
  return findings.length ? `${findings.join('; ')}.` : undefined;
}

function blankRun(text: string, from: number): string {
  let to = from;
  while (to < text.length && isBlank(text[to])) to += 1;
  return text.slice(from, to);
}

function describeBlankRuns(
  fileRun: string,
  oldRun: string,
  lineNo: number,
  fileColumn: number,
  oldColumn: number,
): string | undefined {
  if (fileRun === oldRun) return undefined;
  const fileOdd = [...fileRun].find((c) => isUnusualSpace(c));
  const oldOdd = [...oldRun].find((c) => isUnusualSpace(c));
  if (fileOdd) {
    const column = fileColumn + fileRun.indexOf(fileOdd);
    return `line ${lineNo} has ${describeCharacter(fileOdd)} at column ${column} where old_text has ${oldRun ? 'a plain space' : 'nothing'}`;
  }
  if (oldOdd) {
    const column = oldColumn + oldRun.indexOf(oldOdd);
    return `old_text has ${describeCharacter(oldOdd)} at column ${column} where line ${lineNo} has ${fileRun ? 'a plain space' : 'nothing'}`;
  }
  const fileWhat = describeBlanks(fileRun);
  const sameKind = /^ +$/u.test(fileRun + oldRun) || /^\t+$/u.test(fileRun + oldRun);
  const oldWhat = sameKind && fileRun && oldRun ? String(oldRun.length) : describeBlanks(oldRun);
  return `line ${lineNo} has ${fileWhat} where old_text has ${oldWhat} (column ${fileColumn})`;
}

/** A run of blanks counted by kind: "2 spaces", "1 tab" ('' for a kind it lacks). */
function countBlanks(run: string): { spaces: string; tabs: string } {
  const tabs = [...run].filter((c) => c === '\t').length;
  const spaces = run.length - tabs;
  return {
    spaces: spaces ? `${spaces} space${spaces > 1 ? 's' : ''}` : '',
    tabs: tabs ? `${tabs} tab${tabs > 1 ? 's' : ''}` : '',
  };
}

function describeBlanks(run: string): string {
  if (!run) return 'none';
  const { spaces, tabs } = countBlanks(run);
  return [spaces, tabs].filter(Boolean).join(' + ');
}

function describeIndent(line: string): string {
  const indent = /^[ \t]*/u.exec(line)?.[0] ?? '';
  if (!indent) return 'no indentation';
  const { spaces, tabs } = countBlanks(indent);
  return [tabs, spaces].filter(Boolean).join(' + ');
}

function wordAt(text: string, index: number): string {
  let from = index;
  let to = index;
  while (from > 0 && /[\p{L}\p{N}_$]/u.test(text[from - 1] ?? '')) from -= 1;
  while (to < text.length && /[\p{L}\p{N}_$]/u.test(text[to] ?? '')) to += 1;
  return clip(text.slice(from, Math.max(to, index + 1)), 40);
}

function trimAscii(line: string): string {
  return line.replace(/^[ \t]+|[ \t\r\f\v]+$/gu, '');
}

export function clip(text: string, max = 120): string {
  const shown = visible(text);
  return shown.length > max ? `${shown.slice(0, max - 3)}…` : shown;
}
