// The `mcp` service: the person's MCP servers and the project's suggested
// ones, with status and logs, approvals of project entries, per-tool always-allow / deny and
// re-approval of a changed tool definition.
import { z } from 'zod';
import { method, noInput } from './define';

// As mcp-config.ts MCP_SERVER_NAME: no `__`, no trailing `_` (tool names stay unambiguous).
const name = z
  .string()
  .regex(
    /^(?!.*__)[A-Za-z0-9_-]{0,23}[A-Za-z0-9-]$/u,
    'letters, digits, - and single _ (not last)',
  );

export const mcpServerInputSchema = z.discriminatedUnion('transport', [
  z
    .object({
      transport: z.literal('stdio'),
      name,
      command: z.string().min(1).max(4000),
      args: z.array(z.string().max(4000)).max(100),
      env: z.record(z.string(), z.string()),
    })
    .strict(),
  z
    .object({
      transport: z.literal('http'),
      name,
      url: z.string().url().max(4000),
      headers: z.record(z.string(), z.string()),
    })
    .strict(),
]);
export type McpServerInput = z.infer<typeof mcpServerInputSchema>;

export const mcpToolPolicySchema = z.enum(['ask', 'allow', 'deny']);

export const mcpServerViewSchema = z.object({
  name: z.string(),
  /** `person:<name>:<identity hash prefix>` or `project:<project id>:<name>:<entry hash prefix>`. */
  key: z.string(),
  origin: z.enum(['person', 'project']),
  /** What it runs or reaches, in one line. */
  entry: z.string(),
  entryHash: z.string(),
  /** A project entry not approved as it is now: it never starts. */
  needsApproval: z.boolean(),
  state: z.enum(['stopped', 'starting', 'running', 'failed']),
  message: z.string().nullable(),
  /**
   * Why its tools were not sent with every request in the last turn (past the share of the
   * context window kept for MCP definitions; Claude loads them through search_tools), or null.
   */
  deferred: z.string().nullable().optional(),
  trustReadOnly: z.boolean(),
  denyAll: z.boolean(),
  logs: z.array(z.string()),
  tools: z.array(
    z.object({
      name: z.string(),
      policy: mcpToolPolicySchema,
      /** Why the tool is withheld (its definition changed since approved), with the change. */
      withheld: z.string().nullable(),
      /** The hash of the definition shown now; allowing or re-approving names it. */
      definitionHash: z.string().nullable().optional(),
    }),
  ),
});
export type McpServerView = z.infer<typeof mcpServerViewSchema>;

export const mcpListSchema = z.object({
  servers: z.array(mcpServerViewSchema),
  notices: z.array(z.string()),
});
export type McpList = z.infer<typeof mcpListSchema>;

export const mcpService = {
  list: method(noInput, mcpListSchema),
  /** Starts the approved servers that are not running and lists their tools. */
  refresh: method(noInput, mcpListSchema),
  addServer: method(z.object({ server: mcpServerInputSchema }).strict(), mcpListSchema),
  removeServer: method(z.object({ name }).strict(), mcpListSchema),
  approveEntry: method(z.object({ name, entryHash: z.string() }).strict(), mcpListSchema),
  setServerPrefs: method(
    z
      .object({
        key: z.string(),
        trustReadOnly: z.boolean().optional(),
        denyAll: z.boolean().optional(),
      })
      .strict(),
    mcpListSchema,
  ),
  setToolPolicy: method(
    z
      .object({
        key: z.string(),
        tool: z.string(),
        policy: mcpToolPolicySchema,
        /** The definition the person saw: refused when the server lists another now. */
        definitionHash: z.string().optional(),
      })
      .strict(),
    mcpListSchema,
  ),
  /** Re-approves a tool whose definition changed: pins the definition as it is now. */
  approveDefinition: method(
    z.object({ key: z.string(), tool: z.string(), definitionHash: z.string().optional() }).strict(),
    mcpListSchema,
  ),
};
