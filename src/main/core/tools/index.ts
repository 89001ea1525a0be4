// The tool registry: every tool the agent and `sluice tool` can run. Add one line per tool.
import type { SearchEngine } from '../search/search-engine';
import { createFindFilesTool } from './find-files';
import { createListFilesTool } from './list-files';
import { createReadFileTool } from './read-file';
import { createSearchFilesTool } from './search-files';
import type { ToolDefinition } from './tool';
import { createLoadSkillTool } from './load-skill';
import { createEditFileTool } from './edit-file';
import { createCreateFileTool } from './create-file';
import { createFindDefinitionTool } from './find-definition';
import { createFindImportersTool } from './find-importers';
import { createRunCommandTool } from './run-command';
import { createReadCommandOutputTool } from './read-command-output';

export interface ToolRegistryOptions {
  /** Overrides the search engine (default: ripgrep if installed, else the Node fallback). */
  readonly searchEngine?: SearchEngine;
}

export function createTools(options: ToolRegistryOptions = {}): ToolDefinition[] {
  return [
    createReadFileTool(),
    createListFilesTool(),
    createSearchFilesTool({ engine: options.searchEngine }),
    createFindFilesTool(),
    createLoadSkillTool(),
    createEditFileTool(),
    createCreateFileTool(),
    createFindDefinitionTool(),
    createFindImportersTool(),
    createRunCommandTool(),
    createReadCommandOutputTool(),
  ];
}
