// The environment a command sees: an allow-list of harmless variables from
// Sluice's own, never the API key or other secrets (by name or by value), plus settings that
// keep npm quiet.

/** Variables passed through to a command; everything else (keys, tokens) stays out. */
const PASSED_ENV =
  /^(PATH|LANG|LANGUAGE|LC_[A-Z]+|TERM|COLORTERM|TZ|USER|LOGNAME|SHELL|CI|NO_COLOR|FORCE_COLOR)$/u;
/** What Windows programs need to start at all (names are case-insensitive there). */
const WINDOWS_ENV =
  /^(SYSTEMROOT|WINDIR|COMSPEC|PATHEXT|TEMP|TMP|USERPROFILE|APPDATA|LOCALAPPDATA|PROGRAMDATA|PROGRAMFILES|PROGRAMFILES\(X86\)|COMMONPROGRAMFILES|HOMEDRIVE|HOMEPATH|NUMBER_OF_PROCESSORS|PROCESSOR_ARCHITECTURE|OS)$/iu;

/**
 * Names that look like they hold a secret. The allow-list above already keeps such names out,
 * but its families (`LC_*`) are open-ended: `LC_API_KEY` must not pass for a locale.
 */
const SECRET_NAME =
  /(KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH|COOKIE|SESSION|PRIVATE|SIGNATURE|CERT)/iu;

/** Whether a variable's name looks like it holds a secret. */
export function isSecretLookingName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * The values of `base`'s secret-looking variables (at least 8 characters long): a harmless
 * name carrying one of them (`LANG=$ANTHROPIC_API_KEY`) is a secret too.
 */
function secretValues(base: NodeJS.ProcessEnv): Set<string> {
  const values = new Set<string>();
  for (const [key, value] of Object.entries(base))
    if (value !== undefined && value.length >= 8 && isSecretLookingName(key)) values.add(value);
  return values;
}

/** Whether `value` holds one of the secrets, or looks like an Anthropic key whatever its name. */
function carriesSecret(value: string, secrets: ReadonlySet<string>): boolean {
  if (/sk-ant-/u.test(value)) return true;
  for (const secret of secrets) if (value.includes(secret)) return true;
  return false;
}

export function commandEnv(
  base: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env: Record<string, string> = {};
  const secrets = secretValues(base);
  for (const [key, value] of Object.entries(base)) {
    if (value === undefined) continue;
    if (isSecretLookingName(key) || carriesSecret(value, secrets)) continue;
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
