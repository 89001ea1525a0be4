// The environment a command sees (issue 13): an allow-list of harmless variables from
// Sluice's own, never the API key or other secrets, plus settings that keep npm quiet.

/** Variables passed through to a command; everything else (keys, tokens) stays out. */
const PASSED_ENV =
  /^(PATH|LANG|LANGUAGE|LC_[A-Z]+|TERM|COLORTERM|TZ|USER|LOGNAME|SHELL|CI|NO_COLOR|FORCE_COLOR)$/u;
/** What Windows programs need to start at all (names are case-insensitive there). */
const WINDOWS_ENV =
  /^(SYSTEMROOT|WINDIR|COMSPEC|PATHEXT|TEMP|TMP|USERPROFILE|APPDATA|LOCALAPPDATA|PROGRAMDATA|PROGRAMFILES|PROGRAMFILES\(X86\)|COMMONPROGRAMFILES|HOMEDRIVE|HOMEPATH|NUMBER_OF_PROCESSORS|PROCESSOR_ARCHITECTURE|OS)$/iu;

export function commandEnv(
  base: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value === undefined) continue;
    if (
      PASSED_ENV.test(key) ||
      (platform === 'win32' && (WINDOWS_ENV.test(key) || /^path$/iu.test(key)))
    )
      env[key] = value;
  }
  if (platform !== 'win32') env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
  // Update checks need the network the sandbox withholds (npm's waits ~0.5 s to fail) and
  // only add noise to what the model reads.
  env.npm_config_update_notifier = 'false';
  env.npm_config_fund = 'false';
  env.NO_UPDATE_NOTIFIER = '1';
  return env;
}
