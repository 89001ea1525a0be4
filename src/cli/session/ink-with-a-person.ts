// Ink draws only its last frame when the environment says CI (it reads CI and
// CONTINUOUS_INTEGRATION once, when it loads), which leaves a session on a terminal with no
// prompt at all. A session runs only when a person is at a terminal, so Ink is loaded with
// those variables hidden, and they are put back at once for everything else the process
// starts (commands, checkers, hooks).

const CI_VARIABLES = ['CI', 'CONTINUOUS_INTEGRATION'] as const;

/** Runs `load` (the import that brings Ink in) with CI hidden, then restores the environment. */
export async function loadWithCiHidden<T>(
  load: () => Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<T> {
  const saved = CI_VARIABLES.map((name) => [name, env[name]] as const);
  for (const [name, value] of saved) if (value !== undefined) env[name] = '0';
  try {
    return await load();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete env[name];
      else env[name] = value;
    }
  }
}
