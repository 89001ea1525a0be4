// The Sluice contract: every method and event the renderer can use, declared once.
import { z } from 'zod';
import { defineContract, type ContractClient, type ContractHandlers } from './define';
import { agentEventSchema } from '../agent-events';
import { approvalService } from './approval-service';
import { agentService } from './agent-service';
import { checkpointService } from './checkpoint-service';
import { projectService, projectInfoSchema } from './project-service';
import { settingsService } from './settings-service';
import { symbolService, indexStatusSchema } from './symbol-service';
import { proposalService } from './proposal-service';
import { mcpService } from './mcp-service';
import { gitService } from './git-service';
import { hooksService } from './hooks-service';

export const sluiceContract = defineContract({
  services: {
    project: projectService,
    agent: agentService,
    approvals: approvalService,
    checkpoints: checkpointService,
    symbols: symbolService,
    settings: settingsService,
    proposals: proposalService,
    mcp: mcpService,
    git: gitService,
    hooks: hooksService,
  },
  events: {
    agent: agentEventSchema,
    'index.status': indexStatusSchema,
    'project.opened': projectInfoSchema,
    'conversations.changed': z.object({ conversationId: z.string().optional() }),
    'checkpoints.changed': z.object({ conversationId: z.string().nullable() }),
    /** A change set was created or changed (by this process or another one). */
    'proposals.changed': z.object({ changeSetId: z.string().optional() }),
  },
});

export type SluiceContract = typeof sluiceContract;
export type SluiceClient = ContractClient<SluiceContract>;
export type SluiceHandlers = ContractHandlers<SluiceContract>;
export type SluiceEventName = keyof SluiceContract['events'] & string;

export * from './define';
export * from './wire';
export * from './client';
export * from './dispatch';
export * from './project-service';
export * from './agent-service';
export * from './approval-service';
export * from './checkpoint-service';
export * from './symbol-service';
export * from './settings-service';
export * from './proposal-service';
export * from './mcp-service';
export * from './git-service';
export * from './hooks-service';
export * from '../change-sets';
