// `sluice rules`: what the person allowed in a project, for people who use only the CLI. Lists
// the approval mode and the three kinds of rules (file paths, command prefixes, network
// hosts), removes one by id, adds one, sets the mode. Every change goes through the same
// repositories the app's Settings uses (the `approvals` contract handlers delegate to them),
// so validation and limits are theirs; a refusal is exit 1, a malformed command line exit 2.
import { existsSync } from 'node:fs';
import { approvalModeSchema, type ApprovalMode, type PolicyRule } from '../../shared/approvals';
import type { CommandRule, NetworkRule } from '../../shared/command-approvals';
import { PolicyRuleError } from '../../shared/policy-rules';
import { appDatabasePath, openAppDatabase } from '../../main/core/store/app-database';
import {
  CommandRuleError,
  createCommandRuleRepository,
} from '../../main/core/shell/command-rule-repository';
import type { WritableDb } from '../../main/core/store/database-handles';
import {
  createNetworkRuleRepository,
  NetworkRuleError,
} from '../../main/core/shell/network-rule-repository';
import {
  createPolicyRepository,
  DEFAULT_APPROVAL_MODE,
} from '../../main/core/store/policy-repository';
import { projectIdFor } from '../../main/core/store/project-id';
import {
  resolveProjectTestSettings,
  type ProjectTestSettingsPatch,
} from '../../shared/test-run-settings';
import { saveTestSettings, testSettingsText, testsPatch } from '../test-settings-form';
import { typedId } from '../typed-id';
import { ExitCode, UsageError, writeJsonLine, type CliIo } from '../cli-io';
import { ANY_POSITIONALS, checkForm, defineVerb, type VerbValues } from '../define-verb';
import { oneLine, wordsLine } from '../one-line-text';
import { openProject, sluiceHomeFor } from '../project-context';
import { RULES_TABLE } from './rules-table';

type Options = (typeof RULES_TABLE)['options'];

interface ParsedRules {
  readonly values: VerbValues<Options>;
  /** The positional words: the form, then its arguments. */
  readonly words: string[];
  /** `--prefix` split into words as Settings splits its field, or null without it. */
  readonly prefixWords: string[] | null;
}

function parsedRules(values: VerbValues<Options>, words: string[]): ParsedRules {
  const prefixWords =
    values.prefix === undefined ? null : values.prefix.split(/\s+/u).filter(Boolean);
  return { values, words, prefixWords };
}

function actionOf(values: ParsedRules['values']): 'allow' | 'ask' | 'deny' {
  const chosen = (['allow', 'ask', 'deny'] as const).filter((a) => values[a]);
  if (chosen.length !== 1) throw new UsageError('give exactly one of --allow, --ask, --deny.');
  return chosen[0] as 'allow' | 'ask' | 'deny';
}

const describePath = (r: PolicyRule) => `${r.action} ${oneLine(r.tool)} ${oneLine(r.pathGlob)}`;
const describeCommand = (r: CommandRule) => `${r.action} ${wordsLine(r.prefix)}`;
const describeNetwork = (r: NetworkRule) =>
  `${r.hosts.map(oneLine).join(', ')}${r.prefix ? ` for commands starting ${wordsLine(r.prefix)}` : ' for every command'}`;

interface ProjectRules {
  readonly mode: ApprovalMode;
  /** In ask mode: a write whose evidence is clean is applied without asking. */
  readonly approveWhenClean: boolean;
  readonly pathRules: PolicyRule[];
  readonly commandRules: CommandRule[];
  readonly networkRules: NetworkRule[];
}

function readRules(db: WritableDb, projectId: string): ProjectRules {
  const policy = createPolicyRepository(db).get(projectId);
  return {
    mode: policy.mode,
    approveWhenClean: policy.approveWhenClean === true,
    pathRules: [...policy.rules],
    commandRules: createCommandRuleRepository(db).list(projectId),
    networkRules: createNetworkRuleRepository(db).list(projectId),
  };
}

const NO_RULES: ProjectRules = {
  mode: DEFAULT_APPROVAL_MODE,
  approveWhenClean: false,
  pathRules: [],
  commandRules: [],
  networkRules: [],
};

function printRules(io: CliIo, root: string, rules: ProjectRules, note: string): void {
  const out: string[] = [
    `Rules for ${oneLine(root)}${note}`,
    `Approval mode: ${modeWords(rules.mode, rules.approveWhenClean)}`,
  ];
  const group = <R extends { id: string }>(title: string, list: R[], show: (r: R) => string) => {
    out.push('', `${title}:`);
    if (!list.length) out.push('  (none)');
    for (const rule of list) out.push(`  ${oneLine(rule.id)}  ${show(rule)}`);
  };
  group('File path rules (tool, glob; deny > ask > allow)', rules.pathRules, describePath);
  group('Command rules (prefix)', rules.commandRules, describeCommand);
  group('Network rules (hosts)', rules.networkRules, describeNetwork);
  io.stdout.write(`${out.join('\n')}\n`);
}

/** A refusal by a repository (its own message), exit 1; anything else goes to main(). */
function refused(io: CliIo, error: unknown): ExitCode {
  if (
    error instanceof PolicyRuleError ||
    error instanceof CommandRuleError ||
    error instanceof NetworkRuleError
  ) {
    io.stderr.write(`sluice rules: ${oneLine(error.message)}\n`);
    return ExitCode.Failure;
  }
  throw error;
}

/** What `rules add` will save, checked for shape before the DB is opened. */
type AddRequest =
  | { kind: 'command'; prefix: string[]; action: PolicyRule['action'] }
  | { kind: 'path'; tool: string; pathGlob: string; action: PolicyRule['action'] }
  | { kind: 'network'; hosts: string[]; prefix: string[] | undefined };

function addRequest(kind: string, parsed: ParsedRules): AddRequest {
  const rest = parsed.words.slice(2);
  if (kind === 'command') {
    const action = actionOf(parsed.values);
    if (!rest.length) throw new UsageError('give the command prefix words after the action.');
    return { kind, prefix: rest, action };
  }
  if (kind === 'path') {
    const action = actionOf(parsed.values);
    if (rest.length !== 1) throw new UsageError('give exactly one path glob, e.g. "src/**".');
    const tool = typeof parsed.values.tool === 'string' ? parsed.values.tool : 'write';
    return { kind, tool, pathGlob: rest[0] ?? '', action };
  }
  // As Settings reads its host field: hosts separated by blanks or commas.
  const hosts = rest.flatMap((h) => h.split(/[\s,]+/u)).filter(Boolean);
  if (!hosts.length) throw new UsageError('give one or more hosts, e.g. registry.npmjs.org.');
  if (parsed.prefixWords && !parsed.prefixWords.length)
    throw new UsageError(
      'give the command prefix words after --prefix, e.g. --prefix "npm install".',
    );
  return { kind: 'network', hosts, prefix: parsed.prefixWords ?? undefined };
}

/** Saves through the repository (its validation, its limits); an identical rule is kept once. */
function addRule(
  db: WritableDb,
  projectId: string,
  request: AddRequest,
): { rule: { id: string }; text: string; existed: boolean } {
  const before = readRules(db, projectId);
  const had = (id: string, list: { id: string }[]) => list.some((r) => r.id === id);
  if (request.kind === 'command') {
    const { prefix, action } = request;
    const rule = createCommandRuleRepository(db).add(projectId, { prefix, action });
    return { rule, text: describeCommand(rule), existed: had(rule.id, before.commandRules) };
  }
  if (request.kind === 'path') {
    const { tool, pathGlob, action } = request;
    const rule = createPolicyRepository(db).addRule(projectId, { tool, pathGlob, action });
    return { rule, text: describePath(rule), existed: had(rule.id, before.pathRules) };
  }
  const rule = createNetworkRuleRepository(db).add(projectId, request.hosts, request.prefix);
  return { rule, text: describeNetwork(rule), existed: had(rule.id, before.networkRules) };
}

function formOf(words: string[]): string {
  const [sub = 'list', kind] = words;
  if (sub === 'list' || sub === 'remove' || sub === 'mode' || sub === 'tests') return sub;
  if (sub !== 'add')
    throw new UsageError(`unknown form "${oneLine(sub)}" (list, add, remove, mode or tests).`);
  if (kind === 'command' || kind === 'path' || kind === 'network') return `add ${kind}`;
  throw new UsageError(
    kind === undefined
      ? 'say what to add: command, path or network.'
      : `unknown rule kind "${oneLine(kind)}" (command, path or network).`,
  );
}

/** The stored mode as the person sets it: `clean` is ask, applying clean writes unasked. */
function modeWords(mode: ApprovalMode, whenClean: boolean): string {
  return mode === 'ask' && whenClean
    ? 'clean (ask, but apply a write whose evidence is clean without asking)'
    : mode;
}

function modeOf(text: string | undefined): { mode: ApprovalMode; whenClean: boolean } {
  if (text === 'clean') return { mode: 'ask', whenClean: true };
  if (text === 'propose')
    throw new UsageError(
      '"propose" is a run mode (sluice ask --mode propose), not a stored one: ask, clean, auto-edit, read-only or plan.',
    );
  const mode = approvalModeSchema.safeParse(text);
  if (!mode.success)
    throw new UsageError(
      `give the mode: ask, clean, auto-edit, read-only or plan${text === undefined ? '' : ` (not "${oneLine(text)}")`}.`,
    );
  return { mode: mode.data, whenClean: false };
}

/** What this run does, settled (and its shape checked) before the project or DB is opened. */
type RulesAction =
  | { type: 'list' }
  | { type: 'mode'; mode: ApprovalMode; whenClean: boolean }
  | { type: 'remove'; id: string }
  | { type: 'add'; request: AddRequest }
  | { type: 'tests'; patch: ProjectTestSettingsPatch };

function actionFor(parsed: ParsedRules): RulesAction {
  const form = formOf(parsed.words);
  const most: Record<string, number> = { list: 1, remove: 2, mode: 2, tests: 1 };
  checkForm({
    name: `rules ${form}`,
    values: parsed.values,
    options: RULES_TABLE.forms.find((f) => f.words === form)?.options ?? [],
    words: parsed.words,
    most: most[form],
  });
  if (form === 'list') return { type: 'list' };
  if (form === 'tests') return { type: 'tests', patch: testsPatch(parsed.values) };
  if (form === 'mode') return { type: 'mode', ...modeOf(parsed.words[1]) };
  if (form === 'remove') {
    const id = parsed.words[1];
    if (id === undefined)
      throw new UsageError('give the id of the rule to remove (sluice rules lists them).');
    return { type: 'remove', id };
  }
  return { type: 'add', request: addRequest(form.slice(4), parsed) };
}

export default defineVerb({
  ...RULES_TABLE,
  positionals: ANY_POSITIONALS,
  async run({ values, positionals, io }) {
    const parsed = parsedRules(values, positionals);
    const action = actionFor(parsed);
    const json = parsed.values.json === true;
    const project = typeof parsed.values.project === 'string' ? parsed.values.project : undefined;
    const { workspace } = await openProject(io, project);
    const projectId = projectIdFor(workspace.root);
    const home = sluiceHomeFor(io);
    // Reading or removing never creates the app DB; without one there is nothing stored yet.
    if (!existsSync(appDatabasePath(home))) {
      if (action.type === 'remove') {
        io.stderr.write(
          `sluice rules: no rule ${oneLine(action.id)} in this project (no Sluice database yet in ${oneLine(home)}).\n`,
        );
        return ExitCode.Failure;
      }
      if (action.type === 'tests' && Object.keys(action.patch).length === 0) {
        const shown = resolveProjectTestSettings(undefined);
        if (json) writeJsonLine(io, { tests: shown });
        else io.stdout.write(testSettingsText(shown));
        return ExitCode.Ok;
      }
      if (action.type === 'list') {
        if (json) writeJsonLine(io, { root: workspace.root, projectId, ...NO_RULES });
        else printRules(io, workspace.root, NO_RULES, ' (nothing stored yet: no Sluice database)');
        return ExitCode.Ok;
      }
    }
    const db = openAppDatabase({ home });
    try {
      switch (action.type) {
        case 'list': {
          const rules = readRules(db, projectId);
          if (json) writeJsonLine(io, { root: workspace.root, projectId, ...rules });
          else printRules(io, workspace.root, rules, '');
          return ExitCode.Ok;
        }
        case 'mode': {
          const policies = createPolicyRepository(db);
          const before = policies.get(projectId);
          const was = modeWords(before.mode, before.approveWhenClean === true);
          policies.setMode(projectId, action.mode);
          policies.setApproveWhenClean(projectId, action.whenClean);
          const now = modeWords(action.mode, action.whenClean);
          if (json)
            writeJsonLine(io, {
              mode: action.mode,
              approveWhenClean: action.whenClean,
              previous: before.mode,
            });
          else io.stdout.write(`Approval mode: ${now} (was ${was}).\n`);
          return ExitCode.Ok;
        }
        case 'remove':
          return removeRule(io, db, projectId, action.id, json);
        case 'add':
          return saveRule(io, db, projectId, action.request, json);
        case 'tests':
          return saveTestSettings(io, db, projectId, action.patch, json);
      }
    } finally {
      db.close();
    }
  },
});

function saveRule(
  io: CliIo,
  db: WritableDb,
  projectId: string,
  request: AddRequest,
  json: boolean,
): ExitCode {
  try {
    const added = addRule(db, projectId, request);
    if (json) writeJsonLine(io, { kind: request.kind, existed: added.existed, rule: added.rule });
    else
      io.stdout.write(
        `${added.existed ? 'Already there' : 'Added'}: ${request.kind} rule ${oneLine(added.rule.id)}  ${added.text}\n`,
      );
    return ExitCode.Ok;
  } catch (error) {
    return refused(io, error);
  }
}

function removeRule(
  io: CliIo,
  db: WritableDb,
  projectId: string,
  typed: string,
  json: boolean,
): ExitCode {
  let id = typed;
  const rules = readRules(db, projectId);
  const ids = [...rules.pathRules, ...rules.commandRules, ...rules.networkRules].map((r) => r.id);
  // Whole, or an unambiguous start of it (the saved-rule line shows the first characters).
  id = typedId(typed, typed ? ids.filter((each) => each.startsWith(typed)) : [], 'rule');
  const path = rules.pathRules.find((r) => r.id === id);
  const command = rules.commandRules.find((r) => r.id === id);
  const network = rules.networkRules.find((r) => r.id === id);
  let removed: { kind: string; text: string } | null = null;
  if (path && createPolicyRepository(db).removeRule(projectId, id))
    removed = { kind: 'path', text: describePath(path) };
  else if (command && createCommandRuleRepository(db).remove(projectId, id))
    removed = { kind: 'command', text: describeCommand(command) };
  else if (network && createNetworkRuleRepository(db).remove(projectId, id))
    removed = { kind: 'network', text: describeNetwork(network) };
  if (!removed) {
    io.stderr.write(
      `sluice rules: no rule ${oneLine(id)} in this project (sluice rules --project DIR lists them).\n`,
    );
    return ExitCode.Failure;
  }
  if (json) writeJsonLine(io, { removed: id, kind: removed.kind });
  else io.stdout.write(`Removed ${removed.kind} rule ${oneLine(id)}  ${removed.text}\n`);
  return ExitCode.Ok;
}
