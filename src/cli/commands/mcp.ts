// `sluice mcp`: both directions of MCP from the terminal. `sluice mcp
// --project DIR` (or `sluice mcp serve --project DIR`) serves the project over stdio;
// `list`, `add`, `remove`, `approve`, `allow`, `deny` and `reset` manage the person's MCP
// servers and the project's suggested ones as Settings does. Each form loads only its code.
import { UsageError, type Verb } from '../cli-io';
import { oneLine } from '../one-line-text';
import { describeVerb } from '../verb-help';
import { MCP_TABLE } from './mcp-table';

const MANAGE = new Set(['list', 'add', 'remove', 'approve', 'allow', 'deny', 'reset']);

const verb: Verb = {
  ...describeVerb(MCP_TABLE),
  async run(args, io) {
    const [first] = args;
    if (first === 'serve') return (await import('./mcp-serve')).default.run(args.slice(1), io);
    if (first !== undefined && MANAGE.has(first))
      return (await import('./mcp-manage')).default.run(args, io);
    if (first !== undefined && !first.startsWith('-'))
      throw new UsageError(
        `unknown form "${oneLine(first)}" (serve, list, add, remove, approve, allow, deny or reset).`,
      );
    // The original form: `sluice mcp --project DIR` serves, as it always did.
    return (await import('./mcp-serve')).default.run(args, io);
  },
};

export default verb;
