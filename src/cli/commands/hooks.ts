// `sluice hooks`: the forms of hooks-forms.ts over the project engine's hooks, opened through
// the one CLI door (openCliEngine) and closed when the form ends.
import { openCliEngine } from '../cli-engine';
import { createHooksCommand, type OpenHooks } from './hooks-forms';

/** The engine's hooks; nothing is checked, so no checker or test run starts. */
const engineHooks: OpenHooks = (io, workspace) => {
  const cli = openCliEngine({
    io,
    workspace,
    createDiagnostics: null,
    createTests: null,
    noticePrefix: 'sluice hooks: ',
  });
  return { hooks: cli.engine.hooks, close: () => cli.close() };
};

export default createHooksCommand(engineHooks);
