// `sluice session [PROMPT]` — also `sluice`, `sluice "PROMPT"`, `sluice -c`, `sluice --resume`:
// the terminal session (src/cli/session). Its screen and engine load only when it runs.
import { loadWithCiHidden } from '../session/ink-with-a-person';
import { createSessionVerb } from '../session/session-verb';

export default createSessionVerb(async () =>
  loadWithCiHidden(async () => (await import('../session/run-session')).runSession),
);
