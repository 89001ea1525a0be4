// The macOS sandbox's policy: a Seatbelt profile (SBPL) built from the same inputs as the
// bubblewrap backend (see docs/ARCHITECTURE.md, "run_command"). Pure: paths in, profile text out.
// In SBPL the last matching rule wins, so broad allows come first and the denies that carve
// secrets and protected paths out of them come after. Every path is written as an escaped
// string, and every deny also as a case-insensitive regex (APFS ignores case by default, so
// `.GIT/hooks` is `.git/hooks`) that accepts the /System/Volumes/Data firmlink spelling too.
// Allows stay exact: a spelling they miss is refused, never let through.
import { PROTECTED_GLOBS } from '../approvals/policy';

export interface SeatbeltLayout {
  /** Realpath of the project root: writable except protected paths. */
  readonly root: string;
  /** Realpath of the command's private temp folder (its TMPDIR). */
  readonly tmp: string;
  /** Realpath of the command's private HOME. */
  readonly home: string;
  /** The person's real home folder(s): their secrets there are unreadable. */
  readonly userHomes: readonly string[];
  /** Folders to hide entirely (SLUICE_HOME), skipped when nested with the root. */
  readonly hidden: readonly string[];
  /** The per-user temp folder (/private/var/folders/…/T) others' files live in: unreadable. */
  readonly userTemp?: string | null;
  readonly network: boolean;
  /** With network off: the one loopback port (a host-list proxy) the command may reach. */
  readonly proxyPort?: number | null;
  /** Whether this Seatbelt knows the `file-link` operation (probed). */
  readonly fileLinkRule?: boolean;
}

/** Credential stores under the person's home, never readable or writable inside. */
export const SECRET_HOME_PATHS = [
  '.ssh',
  '.aws',
  '.gnupg',
  '.azure',
  '.kube',
  '.docker',
  '.oci',
  '.terraform.d',
  '.password-store',
  '.netrc',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  '.pypirc',
  '.git-credentials',
  '.vault-token',
  '.pgpass',
  '.my.cnf',
  '.s3cfg',
  '.boto',
  '.gem/credentials',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  '.config/gh',
  '.config/hub',
  '.config/gcloud',
  '.config/op',
  '.config/sluice',
  '.bash_history',
  '.zsh_history',
  '.zsh_sessions',
  '.python_history',
  '.node_repl_history',
  '.psql_history',
  '.mysql_history',
  'Library/Keychains',
  'Library/Cookies',
  'Library/Mail',
  'Library/Messages',
  'Library/Safari',
  'Library/Accounts',
  'Library/Application Support',
  'Library/Containers',
  'Library/Group Containers',
  'Library/Mobile Documents',
] as const;

/** Machine-wide secrets (root-only on a normal Mac; hidden anyway). */
export const SECRET_SYSTEM_PATHS = ['/Library/Keychains', '/private/var/db/sudo'] as const;

/** Devices a command may open; the rest of /dev (other terminals, bpf, disks) is hidden. */
export const DEVICE_READ = [
  '/dev/null',
  '/dev/zero',
  '/dev/random',
  '/dev/urandom',
  '/dev/tty',
  '/dev/stdin',
  '/dev/dtracehelper',
  // opened by fts/getcwd so that walking a folder does not trigger automounts
  '/dev/autofs_nowait',
] as const;
export const DEVICE_WRITE = [
  '/dev/null',
  '/dev/zero',
  '/dev/tty',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/dtracehelper',
] as const;

/**
 * Mach services a command may look up. Left out on purpose: LaunchServices (`open -a` would
 * start an app outside the sandbox), Apple events, the pasteboard, the window server.
 */
export const MACH_SERVICES = [
  'com.apple.system.opendirectoryd.libinfo',
  'com.apple.system.opendirectoryd.membership',
  'com.apple.system.logger',
  'com.apple.logd',
  'com.apple.system.notification_center',
  'com.apple.distributed_notifications@Uv3',
  'com.apple.cfprefsd.daemon',
  'com.apple.cfprefsd.agent',
  'com.apple.bsd.dirhelper',
  'com.apple.lsd.mapdb',
  'com.apple.PowerManagement.control',
] as const;
/** Added with network: TLS trust, DNS and network configuration. */
export const NETWORK_MACH_SERVICES = [
  'com.apple.SecurityServer',
  'com.apple.trustd.agent',
  'com.apple.trustd',
  'com.apple.ocspd',
  'com.apple.networkd',
  'com.apple.dnssd.service',
  'com.apple.SystemConfiguration.configd',
  'com.apple.SystemConfiguration.DNSConfiguration',
] as const;
const MDNS_SOCKET = '/private/var/run/mDNSResponder';

export class SeatbeltPathError extends Error {}

/** An SBPL string literal. Control characters cannot be written faithfully: refused. */
export function sbplString(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/u.test(value))
    throw new SeatbeltPathError(
      `a path contains a control character, which the macOS sandbox profile cannot express: ${JSON.stringify(value)}`,
    );
  return `"${value.replace(/[\\"]/gu, (c) => `\\${c}`)}"`;
}

const REGEX_SPECIAL = new Set([...'\\^$.|?*+()[]{}']);

/** `text` as a regex matching itself; ASCII letters in either case when `anyCase`. */
export function regexLiteral(text: string, anyCase: boolean): string {
  let out = '';
  for (const c of text) {
    if (REGEX_SPECIAL.has(c)) out += `\\${c}`;
    else if (anyCase && /[a-z]/iu.test(c)) out += `[${c.toLowerCase()}${c.toUpperCase()}]`;
    else out += c;
  }
  return out;
}

const FIRMLINK = `(${regexLiteral('/System/Volumes/Data', true)})?`;

/** Anchored regex source for an absolute folder, any case, with the firmlink spelling. */
function anyCasePath(absolute: string): string {
  const trimmed = absolute === '/' ? '' : absolute.replace(/\/+$/u, '');
  return `^${FIRMLINK}${regexLiteral(trimmed, true)}`;
}

/**
 * One protected glob (`.git/**`, `.env*`, …) as a regex over what follows `<root>/(any dirs)/`.
 * A segment may end in dots or spaces (as isProtectedPath allows); `X/**` covers X itself, and
 * every folder on the way to a deeper glob is covered as an entry, so `.github` cannot be
 * renamed away, edited and renamed back.
 */
export function protectedGlobRegexes(glob: string): string[] {
  const segments = glob.split('/');
  const deep = segments[segments.length - 1] === '**';
  const named = deep ? segments.slice(0, -1) : segments;
  const segment = (s: string): string => {
    if (s.includes('**') || /[?[\]{}!]/u.test(s))
      throw new Error(`unsupported protected glob for Seatbelt: ${glob}`);
    return `${s
      .split('*')
      .map((part) => regexLiteral(part, true))
      .join('[^/]*')}[. ]*`;
  };
  const out: string[] = [];
  for (let i = 1; i < named.length; i += 1)
    out.push(`${named.slice(0, i).map(segment).join('/')}$`);
  out.push(`${named.map(segment).join('/')}${deep ? '(/.*)?' : ''}$`);
  return out;
}

function isInside(parent: string, child: string): boolean {
  const p = parent.replace(/\/+$/u, '');
  return child === p || child.startsWith(`${p}/`);
}

/** A rule over paths: an exact subpath and its any-case regex. */
function pathFilters(absolute: string): string {
  return `(subpath ${sbplString(absolute)}) (regex ${sbplString(`${anyCasePath(absolute)}(/|$)`)})`;
}

function join(home: string, rel: string): string {
  return `${home.replace(/\/+$/u, '')}/${rel}`;
}

export function seatbeltProfile(layout: SeatbeltLayout): string {
  const { root, tmp, home } = layout;
  const writable = [root, tmp, home].map((p) => `(subpath ${sbplString(p)})`).join(' ');
  const lines: string[] = [
    '(version 1)',
    '(deny default)',
    '; processes: children inherit this profile; signals and inspection stay inside it',
    '(allow process-exec)',
    '(allow process-fork)',
    '(allow process-info* (target same-sandbox))',
    '(allow signal (target same-sandbox))',
    '(allow mach-priv-task-port (target same-sandbox))',
    '(allow mach-host*)',
    '(allow user-preference-read)',
    '(allow ipc-posix-shm)',
    '(allow ipc-posix-sem)',
    '(allow iokit-open (iokit-registry-entry-class "RootDomainUserClient"))',
    '(allow iokit-get-properties)',
    '; system facts, but not the arguments and environment of other processes',
    '(allow sysctl-read)',
    '(deny sysctl-read (sysctl-name "kern.procargs") (sysctl-name "kern.procargs2") (sysctl-name-prefix "kern.procargs"))',
    '(allow sysctl-write (sysctl-name "kern.tcsm_enable") (sysctl-name "kern.grade_cputype"))',
    `(allow mach-lookup ${MACH_SERVICES.map((s) => `(global-name ${sbplString(s)})`).join(' ')})`,
    '; files: read everywhere, write only the project, the private TMPDIR and HOME',
    '(allow file-read*)',
    `(allow file-write* ${writable})`,
    `(allow file-ioctl ${writable} ${DEVICE_READ.map((d) => `(literal ${sbplString(d)})`).join(' ')})`,
  ];
  const protectedAlternatives = PROTECTED_GLOBS.flatMap((g) => protectedGlobRegexes(g)).map((r) =>
    r.replace(/\$$/u, ''),
  );
  const protectedRegex = `(regex ${sbplString(`${anyCasePath(root)}/(.*/)?(${protectedAlternatives.join('|')})$`)})`;
  lines.push(
    '; protected paths (also those that do not exist yet) stay read-only, at any depth',
    `(deny file-write* file-ioctl ${protectedRegex})`,
  );
  // A hard link to .git/config made in the project might be judged by its new name when
  // written; where Seatbelt knows hard links as an operation, none may be made at all.
  if (layout.fileLinkRule) lines.push('(deny file-link)');
  lines.push(
    '; ...except inside node_modules, as on Linux (packages ship .github and .vscode folders),',
    '; when no folder on the way starts with a dot (so never .git/node_modules)',
    `(allow file-write* (regex ${sbplString(`^${regexLiteral(root === '/' ? '' : root, false)}/([^./][^/]*/)*node_modules/`)}))`,
  );
  lines.push(
    '; devices: only the harmless ones (no other terminals, no bpf, no disks)',
    '(deny file-read* file-write* (subpath "/dev"))',
    `(allow file-read* (literal "/dev") ${DEVICE_READ.map((d) => `(literal ${sbplString(d)})`).join(' ')} (regex "^/dev/fd(/[0-9]+)?$"))`,
    `(allow file-write-data ${DEVICE_WRITE.map((d) => `(literal ${sbplString(d)})`).join(' ')} (regex "^/dev/fd/[0-9]+$"))`,
  );
  if (layout.userTemp && !isInside(layout.userTemp, root)) {
    lines.push(
      "; other programs' temp files are not the command's to read",
      `(deny file-read* ${pathFilters(layout.userTemp)})`,
      `(allow file-read-metadata (literal ${sbplString(layout.userTemp)}))`,
      `(allow file-read* (subpath ${sbplString(tmp)}) (subpath ${sbplString(home)}))`,
    );
  }
  lines.push(...networkRules(layout));
  // A project opened inside one of these (iCloud Drive, SLUICE_HOME) keeps it readable: the
  // person chose it; secrets inside the project (home opened as a project) stay hidden.
  const hidden = layout.hidden.filter((h) => !isInside(h, root) && !isInside(root, h));
  lines.push(
    "; the person's secrets and Sluice's own folder: last, so nothing above re-opens them",
  );
  for (const p of [...new Set([...hidden, ...SECRET_SYSTEM_PATHS])].filter(
    (x) => !isInside(x, root),
  ))
    lines.push(`(deny file-read* file-write* ${pathFilters(p)})`);
  for (const h of new Set(layout.userHomes)) {
    const names = SECRET_HOME_PATHS.filter((rel) => !isInside(join(h, rel), root));
    if (!names.length) continue;
    const exact = names.map((rel) => `(subpath ${sbplString(join(h, rel))})`).join(' ');
    const anyCase = `${anyCasePath(h)}/(${names.map((rel) => regexLiteral(rel, true)).join('|')})(/|$)`;
    lines.push(`(deny file-read* file-write* ${exact} (regex ${sbplString(anyCase)}))`);
  }
  return `${lines.join('\n')}\n`;
}

function networkRules(layout: SeatbeltLayout): string[] {
  const own = (side: 'local' | 'remote'): string =>
    [layout.tmp, layout.home]
      .map((p) => `(${side} unix-socket (subpath ${sbplString(p)}))`)
      .join(' ');
  const lines = [
    '; Unix sockets only in the private folders (no docker, ssh-agent or other daemons)',
    '(allow system-socket (socket-domain AF_UNIX))',
    `(allow network-bind ${own('local')})`,
    `(allow network-outbound ${own('remote')})`,
  ];
  if (layout.network) {
    lines.push(
      '; network: on for this command (IP only; local daemon sockets stay closed)',
      '(allow system-socket)',
      '(allow network-bind (local ip "*:*"))',
      '(allow network-inbound (local ip "*:*"))',
      '(allow network-outbound (remote ip "*:*"))',
      `(allow network-outbound (remote unix-socket (subpath ${sbplString(MDNS_SOCKET)})))`,
      `(allow mach-lookup ${NETWORK_MACH_SERVICES.map((s) => `(global-name ${sbplString(s)})`).join(' ')})`,
    );
  } else if (layout.proxyPort !== undefined && layout.proxyPort !== null) {
    const port = layout.proxyPort;
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new SeatbeltPathError(`invalid proxy port: ${String(port)}`);
    lines.push(
      '; network: only the host-list proxy on loopback',
      `(allow network-outbound (remote ip "localhost:${port}"))`,
    );
  } else {
    lines.push('; network: none');
  }
  return lines;
}
