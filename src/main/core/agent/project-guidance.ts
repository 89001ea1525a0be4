// What the project tells the agent: AGENTS.md or CLAUDE.md at the root, and the skills in
// `.sluice/skills/NAME.md` (listed by name and first line; loaded on demand by load_skill).
// Read through the workspace, so the sandbox rules apply. A missing file is not an error.
import type { Workspace } from '../workspace/workspace';
import { SKILL_NAME, SKILLS_FOLDER, skillPath } from '../tools/load-skill';

export const INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md'] as const;
/** Instructions longer than this are cut (and the prompt says so). */
export const MAX_INSTRUCTION_CHARS = 40_000;
const MAX_SKILLS = 100;

export interface SkillSummary {
  name: string;
  firstLine: string;
}

export interface ProjectGuidance {
  instructions: { file: string; text: string; truncated: boolean } | null;
  skills: SkillSummary[];
}

/** The narrow part of Workspace this needs, so tests may pass a plain object. */
export type GuidanceFiles = Pick<Workspace, 'readText' | 'listDir' | 'stat'>;

function firstLineOf(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim().length > 0) ?? '';
  return line
    .replace(/^#+\s*/, '')
    .trim()
    .slice(0, 200);
}

async function readInstructions(files: GuidanceFiles): Promise<ProjectGuidance['instructions']> {
  for (const file of INSTRUCTION_FILES) {
    const info = await files.stat(file).catch(() => null);
    if (!info || info.type !== 'file') continue;
    const text = await files.readText(file).catch(() => null);
    if (text === null) continue;
    const truncated = text.length > MAX_INSTRUCTION_CHARS;
    return { file, text: truncated ? text.slice(0, MAX_INSTRUCTION_CHARS) : text, truncated };
  }
  return null;
}

async function listSkills(files: GuidanceFiles): Promise<SkillSummary[]> {
  const info = await files.stat(SKILLS_FOLDER).catch(() => null);
  if (!info || info.type !== 'directory') return [];
  const entries = await files.listDir(SKILLS_FOLDER, { includeIgnored: true }).catch(() => []);
  const skills: SkillSummary[] = [];
  for (const entry of entries) {
    if (entry.type !== 'file' || !entry.name.endsWith('.md')) continue;
    const name = entry.name.slice(0, -3);
    if (!SKILL_NAME.test(name)) continue;
    const text = await files.readText(skillPath(name), { maxBytes: 64 * 1024 }).catch(() => null);
    if (text === null) continue;
    skills.push({ name, firstLine: firstLineOf(text) });
    if (skills.length >= MAX_SKILLS) break;
  }
  return skills;
}

export async function loadProjectGuidance(files: GuidanceFiles): Promise<ProjectGuidance> {
  const [instructions, skills] = await Promise.all([readInstructions(files), listSkills(files)]);
  return { instructions, skills };
}
