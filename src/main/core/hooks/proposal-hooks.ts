// Proposal hooks: the person's PreToolUse hooks on `edit_file`/`create_file` (and the project's,
// once approved) run on the change as proposed, before anyone approves it, and what they said
// becomes the `hooks` part of the evidence beside errors and tests. They run in one private copy
// with the proposed texts laid over (proposal-hook-copy.ts), in order, cwd the copy's root (seen
// at the project's own path), stdin Claude Code's PreToolUse JSON plus `changed_files`, and
// SLUICE_CHANGED_FILES naming the changed files one a line. Whatever text a decision would
// write is what they see: the proposal, a selection of its hunks, the person's own text.
// The caller's deadline answers `running` while the hooks go on; their result reaches
// `onLateResult`. A newer check of the same key cancels the older one.
// Contract: check() never rejects; a failure is a `not_run` part with the reason in words.
import os from 'node:os';
import path from 'node:path';
import type { HooksEvidence } from '../../../shared/hooks-evidence';
import { hooksStateOf } from '../../../shared/hooks-evidence';
import type { HookDefinition, HookRun } from '../../../shared/hooks';
import { durationText } from '../../../shared/evidence-summary';
import { HeldBackProposals } from '../diagnostics/held-back-proposals';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { detectCopySupport, type CopySupport } from '../sandbox/copy-mount';
import { detectSandbox } from '../sandbox/sandbox-detect';
import { hookInput, MAX_HOOK_STDIN_BYTES } from './hook-input';
import { hookNotRun } from './hook-exit';
import type { ProjectHooks } from './hooks-port';
import type { PersonHookPolicy } from './hook-process';
import { runHooksInCopy } from './proposal-hook-copy';

/** How long a live proposal waits for its hooks before the person sees it without them. */
export const HOOKS_LIVE_DEADLINE_MS = 60_000;
/** A proposed text longer than this is not put in `tool_input.content`: the hook reads the file. */
export const MAX_CONTENT_IN_INPUT = 256 * 1024;

export interface ProposedHookFile {
  /** Project-relative, forward slashes. */
  readonly path: string;
  /** The text a decision would write. */
  readonly text: string;
  /** A file that does not exist yet (create_file). */
  readonly isNewFile: boolean;
}

export interface ProposalHooksRequest {
  readonly files: readonly ProposedHookFile[];
  /** The conversation (`session_id`), when the change comes from one. */
  readonly conversationId?: string | undefined;
  readonly toolUseId?: string | undefined;
  /** Identity across revisions (conversation + path, a change set, a review): newer cancels older. */
  readonly key?: string | undefined;
  /** Past this the answer is `running` and the result follows through `onLateResult`. */
  readonly deadlineMs?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly onLateResult?: ((hooks: HooksEvidence) => void) | undefined;
}

/** The port evidence calls: the hooks' part of a proposal's evidence. */
export interface ProposalHooks {
  /** The hooks' evidence, or null when no approved PreToolUse hook matches the write tool. */
  check(request: ProposalHooksRequest): Promise<HooksEvidence | null>;
  /** How long a live proposal waits for its hooks. */
  liveDeadlineMs(): number;
  /** Which proposals a hook's block sent back once (where no checker keeps that memory). */
  readonly heldBack: HeldBackProposals;
  /** Stops every hook still running (the project closes). */
  dispose(): void;
  /** Resolves once no hook runs (after dispose: their processes gone, their copies removed). */
  settled(): Promise<void>;
}

export interface ProposalHooksOptions {
  readonly hooks: Pick<ProjectHooks, 'proposalHooks'> &
    Partial<Pick<ProjectHooks, 'recordProposalRun'>>;
  /** Realpath of the project root. */
  readonly root: string;
  /** SLUICE_HOME: copies are made under it, and it is hidden from the hooks. */
  readonly home?: string | undefined;
  readonly copiesDir?: string | undefined;
  readonly sandbox?: SandboxAvailability | undefined;
  readonly copySupport?: CopySupport | undefined;
  readonly liveDeadlineMs?: (() => number) | undefined;
  /**
   * The person's command rules on their hook's command line: a deny refuses it (it does not
   * run, and says which rule). Their network rules do not apply: proposal hooks run offline.
   */
  readonly personPolicy?: ((command: string) => Promise<PersonHookPolicy>) | undefined;
  /** The environment the allow-list filters (default process.env). */
  readonly baseEnv?: NodeJS.ProcessEnv | undefined;
}

/** The write tool a set of files is, for matching: an edit when any file exists already. */
function toolOf(files: readonly ProposedHookFile[]): 'edit_file' | 'create_file' {
  return files.some((f) => !f.isNewFile) ? 'edit_file' : 'create_file';
}

/** The hooks that match any of the files' tools, in order, each once. */
function matchingHooks(
  hooks: ProposalHooksOptions['hooks'],
  files: readonly ProposedHookFile[],
): HookDefinition[] {
  const tools = [...new Set(files.map((f) => (f.isNewFile ? 'create_file' : 'edit_file')))];
  const seen = new Set<string>();
  const found: HookDefinition[] = [];
  for (const tool of tools)
    for (const hook of hooks.proposalHooks(tool))
      if (!seen.has(hook.id)) {
        seen.add(hook.id);
        found.push(hook);
      }
  return found;
}

/**
 * `tool_input` as the hook reads it: Sluice's `path`, Claude Code's `file_path` (absolute, where
 * the hook sees the proposed file) and the whole proposed `content`; for several files, their
 * paths. A text too long for the input is left for the hook to read from `file_path`.
 */
function toolInputOf(root: string, files: readonly ProposedHookFile[]): Record<string, unknown> {
  const only = files.length === 1 ? files[0] : undefined;
  if (!only)
    return {
      paths: files.map((f) => f.path),
      file_paths: files.map((f) => path.join(root, ...f.path.split('/'))),
    };
  const filePath = path.join(root, ...only.path.split('/'));
  return Buffer.byteLength(only.text, 'utf8') <= MAX_CONTENT_IN_INPUT
    ? { path: only.path, file_path: filePath, content: only.text }
    : {
        path: only.path,
        file_path: filePath,
        content_omitted: `the proposed text is ${Math.ceil(Buffer.byteLength(only.text, 'utf8') / 1024)} KB; read it from file_path`,
      };
}

/** The stdin of every hook of this request, or why it cannot be given. */
function stdinOf(
  root: string,
  request: ProposalHooksRequest,
): { ok: true; text: string } | { ok: false; problem: string } {
  const given = hookInput({
    event: 'PreToolUse',
    conversationId: request.conversationId ?? '',
    cwd: root,
    toolName: toolOf(request.files),
    toolInput: toolInputOf(root, request.files),
    ...(request.toolUseId !== undefined ? { toolUseId: request.toolUseId } : {}),
  });
  if (!given.ok) return given;
  const fields = JSON.parse(given.text) as Record<string, unknown>;
  const text = JSON.stringify({ ...fields, changed_files: request.files.map((f) => f.path) });
  return Buffer.byteLength(text, 'utf8') > MAX_HOOK_STDIN_BYTES
    ? {
        ok: false,
        problem: `its input is over the ${MAX_HOOK_STDIN_BYTES / 1024} KB a hook is given`,
      }
    : { ok: true, text };
}

function notRunEvidence(
  hooks: readonly HookDefinition[],
  tool: string,
  reason: string,
  ms: number,
): HooksEvidence {
  return {
    state: 'not_run',
    runs: hooks.map((hook) => hookNotRun(hook, reason, { toolName: tool }).run),
    ms,
    reason,
  };
}

export function createProposalHooks(options: ProposalHooksOptions): ProposalHooks {
  const heldBack = new HeldBackProposals();
  const running = new Map<string, AbortController>();
  const everything = new AbortController();
  // Every check still running, its deadline passed or not, so closing can wait for their end.
  const open = new Set<Promise<HooksEvidence>>();
  const copiesDir =
    options.copiesDir ??
    path.join(options.home ?? os.tmpdir(), options.home ? 'test-copies' : 'sluice-test-copies');
  const liveDeadlineMs = options.liveDeadlineMs ?? (() => HOOKS_LIVE_DEADLINE_MS);

  const run = async (
    request: ProposalHooksRequest,
    hooks: readonly HookDefinition[],
    controller: AbortController,
    onRun: (run: HookRun) => void,
    started: number,
  ): Promise<HooksEvidence> => {
    const tool = toolOf(request.files);
    const ms = (): number => Date.now() - started;
    if (request.files.some((f) => f.path.includes('\n')))
      return notRunEvidence(
        hooks,
        tool,
        `a changed path holds a line break, which SLUICE_CHANGED_FILES cannot name`,
        ms(),
      );
    const stdin = stdinOf(options.root, request);
    if (!stdin.ok) return notRunEvidence(hooks, tool, stdin.problem, ms());
    try {
      const result = await runHooksInCopy({
        root: options.root,
        hooks,
        files: request.files,
        stdin: stdin.text,
        toolName: tool,
        sandbox: options.sandbox ?? detectSandbox(),
        copySupport: options.copySupport ?? detectCopySupport(),
        copiesDir,
        hidden: options.home ? [options.home] : [],
        signal: controller.signal,
        personPolicy: options.personPolicy,
        ...(options.baseEnv ? { baseEnv: options.baseEnv } : {}),
        onReading: (reading) => {
          onRun(reading.run);
          options.hooks.recordProposalRun?.(reading.run, request.conversationId ?? null);
        },
      });
      switch (result.kind) {
        case 'not_run':
          return notRunEvidence(hooks, tool, result.reason, ms());
        case 'cancelled': {
          const reason =
            'stopped before the hooks ended (a newer version of the change, or the turn stopped)';
          const rest = notRunEvidence(hooks.slice(result.readings.length), tool, reason, ms());
          return { ...rest, runs: [...result.readings.map((r) => r.run), ...rest.runs] };
        }
        case 'ran': {
          const runs = result.readings.map((r) => r.run);
          return { state: hooksStateOf(runs), runs, ms: ms() };
        }
      }
    } catch (error) {
      return notRunEvidence(
        hooks,
        tool,
        `the hooks could not run: ${error instanceof Error ? error.message : String(error)}`,
        ms(),
      );
    }
  };

  const check = async (request: ProposalHooksRequest): Promise<HooksEvidence | null> => {
    const started = Date.now();
    const hooks = matchingHooks(options.hooks, request.files);
    if (hooks.length === 0 || request.files.length === 0) return null;
    const controller = new AbortController();
    if (request.key !== undefined) {
      running.get(request.key)?.abort();
      running.set(request.key, controller);
    }
    const stop = (): void => controller.abort();
    if (request.signal?.aborted || everything.signal.aborted) stop();
    request.signal?.addEventListener('abort', stop, { once: true });
    everything.signal.addEventListener('abort', stop, { once: true });
    const done: HookRun[] = [];
    const finished = run(request, hooks, controller, (r) => done.push(r), started).finally(() => {
      if (request.key !== undefined && running.get(request.key) === controller)
        running.delete(request.key);
      request.signal?.removeEventListener('abort', stop);
      everything.signal.removeEventListener('abort', stop);
      open.delete(finished);
    });
    open.add(finished);
    const deadlineMs = request.deadlineMs ?? liveDeadlineMs();
    const first = await beforeDeadline(finished, deadlineMs);
    if (first) return first;
    void finished.then((late) => {
      if (!controller.signal.aborted) request.onLateResult?.(late);
    });
    const pending = hooks.slice(done.length).map((h) => h.command);
    return {
      state: 'running',
      runs: [...done],
      ms: Date.now() - started,
      reason: `the hooks were still running after ${durationText(deadlineMs)}`,
      pending,
    };
  };

  const settled = async (): Promise<void> => {
    while (open.size) await Promise.allSettled([...open]);
  };
  return { check, liveDeadlineMs, heldBack, dispose: () => everything.abort(), settled };
}

/** The result, when it comes within `deadlineMs`; else null (the hooks go on). */
async function beforeDeadline(
  finished: Promise<HooksEvidence>,
  deadlineMs: number,
): Promise<HooksEvidence | null> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deadlineMs);
  });
  const first = await Promise.race([finished, timedOut]);
  clearTimeout(timer);
  return first;
}
