// load_skill: reads one project skill, `.sluice/skills/NAME.md`, through the workspace.
import { z } from 'zod';
import { defineTool, ok, toolError } from './tool';

export const SKILLS_FOLDER = '.sluice/skills';
export const SKILL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function skillPath(name: string): string {
  return `${SKILLS_FOLDER}/${name}.md`;
}

const schema = z
  .object({
    name: z
      .string()
      .regex(
        SKILL_NAME,
        'a skill name: letters, digits, ".", "_" or "-", without ".md" or a folder',
      )
      .describe('The skill name as listed in the system prompt, e.g. "release-notes".'),
  })
  .strict();

export function createLoadSkillTool() {
  return defineTool({
    name: 'load_skill',
    description:
      'Loads one of the project skills listed in the system prompt (a Markdown file in .sluice/skills/) and returns its full text. Use it when a listed skill matches the task, before starting that task.',
    schema,
    kind: 'read',
    label: (input) => `Loading skill ${input.name}`,
    async run(input, ctx) {
      const file = skillPath(input.name);
      const info = await ctx.workspace.stat(file);
      if (!info || info.type !== 'file') {
        return toolError(
          `There is no skill named "${input.name}" (${file} does not exist). Use a name from the skills list in the system prompt.`,
        );
      }
      return ok(await ctx.workspace.readText(file));
    },
  });
}
