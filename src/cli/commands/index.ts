// Every `sluice` verb. Each lives in its own file; add one line here when a verb lands.
import type { CliCommand } from '../cli-io';
import { askCommand } from './ask';
import { toolCommand } from './tool';
import { checkpointsCommand } from './checkpoints';
import { undoCommand } from './undo';
import { indexCommand } from './index-verb';
import { defCommand } from './def';
import { importersCommand } from './importers';
import { serveCommand } from './serve';
import { proposalsCommand } from './proposals';
import { proposalCommand } from './proposal';
import { mcpCommand } from './mcp';

export const commands: readonly CliCommand[] = [
  askCommand,
  toolCommand,
  checkpointsCommand,
  undoCommand,
  indexCommand,
  defCommand,
  importersCommand,
  serveCommand,
  proposalsCommand,
  proposalCommand,
  mcpCommand,
];
