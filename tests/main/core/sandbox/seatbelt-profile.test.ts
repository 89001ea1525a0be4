// The macOS profile, judged on Linux: its text must be well-formed SBPL with every path
// escaped, and a model of Seatbelt's decision (last matching rule wins) must give the answers
// the sandbox promises, for ordinary and hostile project folders alike.
import { describe, expect, it } from 'vitest';
import { isProtectedPath, PROTECTED_GLOBS } from '../../../../src/main/core/approvals/policy';
import {
  MACH_SERVICES,
  protectedGlobRegexes,
  regexLiteral,
  sbplString,
  SECRET_HOME_PATHS,
  SeatbeltPathError,
  seatbeltProfile,
  type SeatbeltLayout,
} from '../../../../src/main/core/sandbox/seatbelt-profile';
import { decideFile, parseSbpl, rulesOf, type Rule } from '../../../support/sbpl';

const HOME = '/Users/ana';
const TMP = '/private/var/folders/ab/xyz/T/sluice-cmd-1/tmp';
const PRIVATE_HOME = '/private/var/folders/ab/xyz/T/sluice-cmd-1/home';

function layout(root: string, extra: Partial<SeatbeltLayout> = {}): SeatbeltLayout {
  return {
    root,
    tmp: TMP,
    home: PRIVATE_HOME,
    userHomes: [HOME],
    hidden: [`${HOME}/.sluice`],
    userTemp: '/private/var/folders/ab/xyz/T',
    network: false,
    ...extra,
  };
}

function rules(l: SeatbeltLayout): Rule[] {
  return rulesOf(parseSbpl(seatbeltProfile(l)));
}

const write = (r: Rule[], p: string) => decideFile(r, 'file-write-data', p);
const create = (r: Rule[], p: string) => decideFile(r, 'file-write-create', p);
const unlink = (r: Rule[], p: string) => decideFile(r, 'file-write-unlink', p);
const read = (r: Rule[], p: string) => decideFile(r, 'file-read-data', p);

const HOSTILE_ROOTS = [
  `${HOME}/code/plain`,
  `${HOME}/code/we"ird\\name`,
  `${HOME}/code/a.b (c) [d] {e} $f ^g |h ?i *j +k`,
  `${HOME}/code/"); (allow file-write* (subpath "/")) ;`,
  `${HOME}/code/\\"quote\\\\`,
  `${HOME}/code/café 日本 🚀`,
  `${HOME}/code/.git-like/.env.d`,
];

describe('sbplString and regexLiteral', () => {
  it('sbplString - escapes backslashes and quotes, nothing else', () => {
    expect(sbplString('/a"b\\c d')).toBe('"/a\\"b\\\\c d"');
    expect(parseSbpl(sbplString('/a"b\\c d'))).toEqual([{ str: '/a"b\\c d' }]);
  });

  it('sbplString - refuses control characters instead of writing them', () => {
    expect(() => sbplString('/a\nb')).toThrow(SeatbeltPathError);
    expect(() => sbplString('/a\u0000b')).toThrow(/control character/u);
  });

  it('regexLiteral - every regex metacharacter matches itself', () => {
    const text = '/x\\^$.|?*+()[]{}y';
    expect(new RegExp(`^${regexLiteral(text, false)}$`, 'u').test(text)).toBe(true);
    expect(new RegExp(`^${regexLiteral(text, false)}$`, 'u').test('/x\\^$a|?*+()[]{}y')).toBe(
      false,
    );
  });

  it('regexLiteral - any case for ASCII letters only when asked', () => {
    expect(regexLiteral('.Git', true)).toBe('\\.[gG][iI][tT]');
    expect(regexLiteral('.Git', false)).toBe('\\.Git');
  });
});

describe('protectedGlobRegexes', () => {
  const samples = [
    '.git',
    '.git/config',
    '.git/hooks/pre-commit',
    '.GIT/HOOKS/pre-commit',
    '.git./config',
    'sub/.git/index',
    '.gitignore',
    '.github/workflows/ci.yml',
    'a/.github/workflows/x/y.yml',
    '.github/ISSUE_TEMPLATE.md',
    '.env',
    '.env.local',
    'sub/.ENV.production',
    'env',
    '.sluice/rules.json',
    '.vscode/tasks.json',
    'app.code-workspace',
    '.npmrc',
    'pkg/.npmrc',
    'src/index.ts',
    'src/git/x.ts',
    'README.md',
  ];
  const regexes = PROTECTED_GLOBS.flatMap((g) => protectedGlobRegexes(g)).map(
    (r) => new RegExp(`^(.*/)?${r}`, 'u'),
  );
  const matches = (p: string) => regexes.some((r) => r.test(p));

  it('each protected glob - every path isProtectedPath protects is matched', () => {
    for (const p of samples) if (isProtectedPath(p)) expect(matches(p), p).toBe(true);
  });

  it('each protected glob - unprotected paths stay writable, except the protected folders themselves', () => {
    const folders = new Set(['.github', '.github/workflows', '.sluice', '.vscode']);
    for (const p of [...samples, ...folders])
      if (!isProtectedPath(p)) expect(matches(p), p).toBe(folders.has(p));
  });

  it('unsupported glob syntax - refused rather than mistranslated', () => {
    expect(() => protectedGlobRegexes('{a,b}/**')).toThrow(/unsupported/u);
  });
});

describe('seatbeltProfile', () => {
  it('structure - denies by default first, parses, and never uses an unknown escape', () => {
    for (const root of HOSTILE_ROOTS) {
      const text = seatbeltProfile(layout(root));
      // Only the paths it was given can bring anything but plain ASCII into the profile.
      if (/^[\x20-\x7e]*$/u.test(root)) expect(text).toMatch(/^[\x20-\x7e\n]*$/u);
      const forms = parseSbpl(text);
      expect(forms[0]).toEqual(['version', '1']);
      expect(forms[1]).toEqual(['deny', 'default']);
    }
  });

  it('writes - only the project, the private TMPDIR and HOME, for every hostile project name', () => {
    for (const root of HOSTILE_ROOTS) {
      const r = rules(layout(root));
      expect(write(r, `${root}/src/index.ts`), root).toBe('allow');
      expect(create(r, `${root}/new/deep/file`), root).toBe('allow');
      expect(write(r, `${TMP}/x`)).toBe('allow');
      expect(write(r, `${PRIVATE_HOME}/.npm/_cacache/x`)).toBe('allow');
      expect(write(r, `${root}x/evil`), root).toBe('deny');
      expect(write(r, `${HOME}/.bashrc`)).toBe('deny');
      expect(write(r, '/private/tmp/x')).toBe('deny');
      expect(write(r, '/etc/hosts')).toBe('deny');
      expect(write(r, `${HOME}/code/evil`)).toBe('deny');
    }
  });

  it('protected paths - read-only at any depth, in any case, existing or not', () => {
    for (const root of HOSTILE_ROOTS) {
      const r = rules(layout(root));
      for (const rel of [
        '.git/hooks/pre-commit',
        '.git/config',
        '.git',
        '.GIT/HOOKS/pre-commit',
        '.Git./config',
        'sub/pkg/.git/hooks/post-checkout',
        '.env',
        '.env.local',
        'apps/web/.ENV',
        '.sluice/x',
        '.vscode/tasks.json',
        '.vscode',
        'x.code-workspace',
        '.npmrc',
        '.github/workflows/ci.yml',
        '.github',
      ]) {
        expect(write(r, `${root}/${rel}`), `${root} ${rel}`).toBe('deny');
        expect(create(r, `${root}/${rel}`), `${root} ${rel}`).toBe('deny');
        expect(unlink(r, `${root}/${rel}`), `${root} ${rel}`).toBe('deny');
        expect(decideFile(r, 'file-ioctl', `${root}/${rel}`)).toBe('deny');
        expect(read(r, `${root}/${rel}`), `${root} ${rel}`).toBe('allow');
      }
      expect(write(r, `/System/Volumes/Data${root}/.git/config`), root).toBe('deny');
      expect(write(r, `${root}/.github/ISSUE_TEMPLATE/bug.md`), root).toBe('allow');
      expect(write(r, `${root}/.gitignore`), root).toBe('allow');
    }
  });

  it('protected paths - inside node_modules they stay writable, as on Linux', () => {
    const root = HOSTILE_ROOTS[2] as string;
    const r = rules(layout(root));
    expect(create(r, `${root}/node_modules/pkg/.github/workflows/ci.yml`)).toBe('allow');
    expect(create(r, `${root}/node_modules/pkg/.npmrc`)).toBe('allow');
    expect(create(r, `${root}/packages/a/node_modules/pkg/.vscode/settings.json`)).toBe('allow');
    expect(create(r, `${root}/.git/node_modules/x`)).toBe('deny');
    expect(create(r, `${root}/a/.git/hooks/node_modules/x`)).toBe('deny');
    expect(create(r, `${root}/.vscode/node_modules/x`)).toBe('deny');
    expect(write(r, `${root}x/node_modules/x`)).toBe('deny');
  });

  it("secrets - the person's credential stores are neither readable nor writable, in any case", () => {
    const r = rules(layout(`${HOME}/code/p`));
    for (const rel of SECRET_HOME_PATHS) {
      expect(read(r, `${HOME}/${rel}`), rel).toBe('deny');
      expect(read(r, `${HOME}/${rel}/inner`), rel).toBe('deny');
      expect(decideFile(r, 'file-read-metadata', `${HOME}/${rel}`), rel).toBe('deny');
    }
    expect(read(r, `${HOME}/.SSH/id_ed25519`)).toBe('deny');
    expect(read(r, `/System/Volumes/Data${HOME}/.ssh/id_rsa`)).toBe('deny');
    expect(read(r, `${HOME}/Library/Keychains/login.keychain-db`)).toBe('deny');
    expect(read(r, `${HOME}/.sluice/app.db`)).toBe('deny');
    expect(write(r, `${HOME}/.sluice/app.db`)).toBe('deny');
    expect(read(r, `${HOME}/.sshx`)).toBe('allow');
    expect(read(r, `${HOME}/.gitconfig`)).toBe('allow');
    expect(read(r, '/usr/bin/env')).toBe('allow');
  });

  it('secrets - a project inside the home keeps them hidden; SLUICE_HOME around the root is not', () => {
    const asProject = rules(layout(HOME));
    expect(read(asProject, `${HOME}/.ssh/id_rsa`)).toBe('deny');
    expect(write(asProject, `${HOME}/.aws/credentials`)).toBe('deny');
    expect(write(asProject, `${HOME}/notes.txt`)).toBe('allow');
    const inside = rules(layout(`${HOME}/.sluice/worktrees/p`));
    expect(write(inside, `${HOME}/.sluice/worktrees/p/a.ts`)).toBe('allow');
    const icloud = `${HOME}/Library/Mobile Documents/com~apple~CloudDocs/p`;
    expect(read(rules(layout(icloud)), `${icloud}/a.ts`)).toBe('allow');
    expect(read(rules(layout(icloud)), `${HOME}/.ssh/id_rsa`)).toBe('deny');
  });

  it("the per-user temp folder - others' files are unreadable, the command's own are not", () => {
    const r = rules(layout(`${HOME}/code/p`));
    expect(read(r, '/private/var/folders/ab/xyz/T/com.other.app/secret')).toBe('deny');
    expect(decideFile(r, 'file-read-metadata', '/private/var/folders/ab/xyz/T')).toBe('allow');
    expect(read(r, `${TMP}/x`)).toBe('allow');
    expect(read(r, `${PRIVATE_HOME}/.cache/x`)).toBe('allow');
    const tempProject = '/private/var/folders/ab/xyz/T/sluice-test/p';
    expect(read(rules(layout(tempProject)), `${tempProject}/a.ts`)).toBe('allow');
  });

  it('devices - null, tty and fd are usable; other terminals and bpf are not', () => {
    const r = rules(layout(`${HOME}/code/p`));
    expect(write(r, '/dev/null')).toBe('allow');
    expect(write(r, '/dev/stderr')).toBe('allow');
    expect(write(r, '/dev/fd/2')).toBe('allow');
    expect(read(r, '/dev/urandom')).toBe('allow');
    expect(read(r, '/dev/fd/63')).toBe('allow');
    expect(read(r, '/dev/ttys003')).toBe('deny');
    expect(write(r, '/dev/ttys003')).toBe('deny');
    expect(read(r, '/dev/bpf0')).toBe('deny');
    expect(read(r, '/dev/disk0')).toBe('deny');
  });

  it('hard links - none at all where the probe found the file-link operation', () => {
    const root = `${HOME}/code/p`;
    expect(seatbeltProfile(layout(root))).not.toContain('file-link');
    const r = rules(layout(root, { fileLinkRule: true }));
    expect(decideFile(r, 'file-link', `${root}/a`)).toBe('deny');
    expect(decideFile(r, 'file-link', `${root}/.git/config`)).toBe('deny');
    expect(decideFile(r, 'file-link', `${TMP}/a`)).toBe('deny');
  });

  it('processes - exec and fork allowed, signals and inspection only inside the sandbox', () => {
    const text = seatbeltProfile(layout(`${HOME}/code/p`));
    expect(text).toContain('(allow process-exec)');
    expect(text).toContain('(allow signal (target same-sandbox))');
    expect(text).toContain('(allow process-info* (target same-sandbox))');
    expect(text).toMatch(/\(deny sysctl-read [^\n]*kern\.procargs2/u);
  });

  it('mach services - the common ones, never LaunchServices, Apple events or the pasteboard', () => {
    const text = seatbeltProfile(layout(`${HOME}/code/p`));
    expect(MACH_SERVICES).toContain('com.apple.system.opendirectoryd.libinfo');
    expect(text).not.toMatch(/launchservicesd|appleevents|pasteboard|\(allow mach-lookup\)/u);
  });
});

describe('seatbeltProfile network', () => {
  const root = `${HOME}/code/p`;
  const netRules = (l: SeatbeltLayout) =>
    seatbeltProfile(l)
      .split('\n')
      .filter((line) => /network|system-socket/u.test(line) && !line.startsWith(';'));

  it('network off - no IP at all, Unix sockets only in the private folders', () => {
    const lines = netRules(layout(root));
    expect(lines.join('\n')).not.toMatch(/remote ip|local ip|\(allow network\*\)/u);
    expect(lines.join('\n')).toContain(`(remote unix-socket (subpath ${sbplString(TMP)}))`);
    expect(lines.join('\n')).not.toContain('mDNSResponder');
  });

  it('network on - IP anywhere and DNS, still no other Unix sockets', () => {
    const text = netRules(layout(root, { network: true })).join('\n');
    expect(text).toContain('(allow network-outbound (remote ip "*:*"))');
    expect(text).toContain('mDNSResponder');
    expect(text).not.toMatch(/path-regex|\(allow network\*\)|\(allow network-outbound\)/u);
  });

  it('proxy port - only that loopback port, and it must be a port', () => {
    const text = netRules(layout(root, { proxyPort: 8123 })).join('\n');
    expect(text).toContain('(allow network-outbound (remote ip "localhost:8123"))');
    expect(text).not.toMatch(/"\*:\*"|mDNSResponder/u);
    expect(() => seatbeltProfile(layout(root, { proxyPort: 0 }))).toThrow(/proxy port/u);
    expect(() => seatbeltProfile(layout(root, { proxyPort: 1.5 }))).toThrow(/proxy port/u);
  });

  it('a control character in the project path - refused with a clear error', () => {
    expect(() => seatbeltProfile(layout(`${HOME}/code/a\nb`))).toThrow(SeatbeltPathError);
  });
});
