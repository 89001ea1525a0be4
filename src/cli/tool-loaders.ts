// `sluice tool NAME` loads only the module of the tool it runs: the full registry
// (tools/index.ts) imports every tool and what each needs (diff, picomatch, the symbol
// index…). A tool missing here still runs, through the full registry, only slower to start.
import type { ToolDefinition } from '../main/core/tools/tool';

export type ToolLoader = () => Promise<ToolDefinition>;

export const toolLoaders: Readonly<Record<string, ToolLoader>> = {
  read_file: async () => (await import('../main/core/tools/read-file')).createReadFileTool(),
  list_files: async () => (await import('../main/core/tools/list-files')).createListFilesTool(),
  search_files: async () =>
    (await import('../main/core/tools/search-files')).createSearchFilesTool(),
  find_files: async () => (await import('../main/core/tools/find-files')).createFindFilesTool(),
  load_skill: async () => (await import('../main/core/tools/load-skill')).createLoadSkillTool(),
  edit_file: async () => (await import('../main/core/tools/edit-file')).createEditFileTool(),
  create_file: async () => (await import('../main/core/tools/create-file')).createCreateFileTool(),
  find_definition: async () =>
    (await import('../main/core/tools/find-definition')).createFindDefinitionTool(),
  find_importers: async () =>
    (await import('../main/core/tools/find-importers')).createFindImportersTool(),
  run_command: async () => (await import('../main/core/tools/run-command')).createRunCommandTool(),
  read_command_output: async () =>
    (await import('../main/core/tools/read-command-output')).createReadCommandOutputTool(),
};

/** The whole registry, loaded on demand. */
export async function loadAllTools(): Promise<ToolDefinition[]> {
  return (await import('../main/core/tools')).createTools();
}

/** The named tool, or undefined; loads one module when a loader exists, else the registry. */
export async function loadTool(name: string): Promise<ToolDefinition | undefined> {
  const loader = Object.hasOwn(toolLoaders, name) ? toolLoaders[name] : undefined;
  if (loader) return loader();
  return (await loadAllTools()).find((t) => t.name === name);
}
