// Registry of app-database migrations. Number ranges: store 0001–0009, agent 0010–0019,
// approvals 0020–0029, commands 0040–0049, diagnostics 0070, background runs 0080. Add one import and one array entry per migration.
import type { Migration } from './migration';
import { migration0001Projects } from './0001-projects';
import { migration0002Settings } from './0002-settings';
import { migration0010Conversations } from './0010-conversations';
import { migration0020ApprovalAudit } from './0020-approval-audit';
import { migration0021Checkpoints } from './0021-checkpoints';
import { migration0022ApprovalPolicies } from './0022-approval-policies';
import { migration0030ChangeSets } from './0030-change-sets';
import { migration0040CommandRules } from './0040-command-rules';
import { migration0041NetworkRules } from './0041-network-rules';
import { migration0050Mcp } from './0050-mcp';
import { migration0060McpAudit } from './0060-mcp-audit';
import { migration0070ChangeSetEvidence } from './0070-change-set-evidence';
import { migration0080BackgroundRuns } from './0080-background-runs';
import { migration0090McpIdentityKeys } from './0090-mcp-identity-keys';
import { migration0100ChangeSetClaims } from './0100-change-set-claims';
import { migration0110CheckpointDeletions } from './0110-checkpoint-deletions';
import { migration0120RunPlacements } from './0120-run-placements';
import { migration0130CheckpointTestVerdicts } from './0130-checkpoint-test-verdicts';
import { migration0140ToolCallShownAs } from './0140-tool-call-shown-as';
import { migration0150ApproveWhenClean } from './0150-approve-when-clean';
import { migration0160CheckpointEvidence } from './0160-checkpoint-evidence';
import { migration0170AuditHeldBackAndClean } from './0170-audit-held-back-and-clean';
import { migration0180ConversationListing } from './0180-conversation-listing';
import { migration0190PlanMode } from './0190-plan-mode';
import { migration0200ConversationCompactions } from './0200-conversation-compactions';
import { migration0210Hooks } from './0210-hooks';
import { migration0220ConversationHookRuns } from './0220-conversation-hook-runs';

export const appMigrations: readonly Migration[] = [
  migration0001Projects,
  migration0002Settings,
  migration0010Conversations,
  migration0020ApprovalAudit,
  migration0021Checkpoints,
  migration0022ApprovalPolicies,
  migration0030ChangeSets,
  migration0040CommandRules,
  migration0041NetworkRules,
  migration0050Mcp,
  migration0060McpAudit,
  migration0070ChangeSetEvidence,
  migration0080BackgroundRuns,
  migration0090McpIdentityKeys,
  migration0100ChangeSetClaims,
  migration0110CheckpointDeletions,
  migration0120RunPlacements,
  migration0130CheckpointTestVerdicts,
  migration0140ToolCallShownAs,
  migration0150ApproveWhenClean,
  migration0160CheckpointEvidence,
  migration0170AuditHeldBackAndClean,
  migration0180ConversationListing,
  migration0190PlanMode,
  migration0200ConversationCompactions,
  migration0210Hooks,
  migration0220ConversationHookRuns,
];
