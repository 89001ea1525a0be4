// Builds the ToolContext a read tool runs with in tests: the real Workspace, no other ports.
import type { ToolContext } from '../../../../src/main/core/tools/tool';
import type { Workspace } from '../../../../src/main/core/workspace/workspace';

export function toolContext(
  workspace: Workspace,
  signal: AbortSignal = new AbortController().signal,
): ToolContext {
  return { workspace, signal };
}
