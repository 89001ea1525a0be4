// `sluice "PROMPT"` off a terminal (a pipe, a script, CI): nobody is there to talk to, so it
// is `sluice ask "PROMPT"`, with -c and --resume reaching the conversation by --conversation.
import { openAppDatabase } from '../../main/core/store/app-database';
import { lastConversation } from '../../main/core/store/conversation-listing';
import { projectIdFor } from '../../main/core/store/project-id';
import type { ExitCode } from '../cli-io';
import { UsageError, type CliIo } from '../cli-io';
import { openProject, sluiceHomeFor } from '../project-context';
import type { SessionRequest } from './session-verb';

export async function askInstead(request: SessionRequest, io: CliIo): Promise<ExitCode> {
  const args: string[] = [];
  if (request.project !== undefined) args.push('--project', request.project);
  if (request.mode !== undefined) args.push('--mode', request.mode);
  if (request.model !== undefined) args.push('--model', request.model);
  for (const file of request.attach) args.push('--attach', file);
  if (request.resume !== null) {
    if (!request.resume)
      throw new UsageError(
        '--resume without an id picks from a list, which needs a terminal: give the id.',
      );
    args.push('--conversation', request.resume);
  }
  if (request.continueLast) args.push('--conversation', await lastId(request, io));
  if (request.prompt) args.push('--', request.prompt);
  const ask = (await import('../commands/ask')).default;
  return ask.run(args, io);
}

async function lastId(request: SessionRequest, io: CliIo): Promise<string> {
  const { workspace } = await openProject(io, request.project);
  const db = openAppDatabase({ home: sluiceHomeFor(io) });
  try {
    const last = lastConversation(db, projectIdFor(workspace.root));
    if (!last)
      throw new UsageError('-c: there is no conversation in this project yet to go on with.');
    return last.id;
  } finally {
    db.close();
  }
}
