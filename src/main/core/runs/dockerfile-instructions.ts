// A Dockerfile read as its instructions, for what a build would reach beyond the project: the
// images it starts FROM or copies from (never pulled: each must already be on the engine), and
// any ADD source that is not a plain path (a URL, or a word a variable or quote could make one),
// refused by default. An ADD of a URL is fetched by the builder itself, outside the
// build's network namespace, so `networkmode: none` does not stop it: a build from the project
// could reach the person's loopback services or a cloud metadata address and bake the answer
// into the image. Such a Dockerfile is refused before any build. Continuation lines follow the
// file's own escape character (`# escape=` parser directive), as the builder reads them.

/** The parser directives at the top (`# escape=`, `# syntax=`), lower-cased names. */
export function dockerfileDirectives(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const line of text.replace(/^\uFEFF/u, '').split(/\r?\n/u)) {
    const directive = /^#\s*([a-z]+)\s*=\s*(\S+)\s*$/iu.exec(line);
    if (!directive) break;
    found[(directive[1] ?? '').toLowerCase()] = directive[2] ?? '';
  }
  return found;
}

export interface DockerfileReach {
  /** Images the build starts from or copies from (stage names and `scratch` left out). */
  readonly images: string[];
  /**
   * ADD sources that are not a plain path in the build context: a URL, a git address, or a
   * word with a variable, a quote, ':' or '@' that could become one. Refused, all of them.
   */
  readonly fetches: string[];
  /** A `# syntax=` directive: BuildKit would load that frontend image from a registry. */
  readonly syntax: string | null;
}

/** Anything but a plain path: a scheme, a git address, a variable, a quote, ':' or '@'. */
const NOT_A_PLAIN_PATH = /[$"'`@:]|^[a-z][a-z0-9+.-]*:\/\//iu;

/** The logical instructions: continuation lines joined, comments and blank lines left out. */
export function dockerfileInstructions(text: string): string[] {
  // The builder drops a byte-order mark before reading the directives.
  const lines = text.replace(/^\uFEFF/u, '').split(/\r?\n/u);
  const directive = dockerfileDirectives(text).escape;
  const escape = directive === '`' ? '`' : '\\';
  const instructions: string[] = [];
  let current = '';
  for (const raw of lines) {
    const trimmed = raw.trim();
    if (current === '' && (trimmed === '' || trimmed.startsWith('#'))) continue;
    // Inside a continuation the builder skips comments and empty lines alike.
    if (current !== '' && (trimmed === '' || trimmed.startsWith('#'))) continue;
    if (trimmed.endsWith(escape)) {
      current += `${trimmed.slice(0, -1).trimEnd()} `;
      continue;
    }
    instructions.push(`${current}${trimmed}`.trim());
    current = '';
  }
  if (current.trim()) instructions.push(current.trim());
  return instructions;
}

/** The words of an instruction after its keyword: leading flags, then a JSON array or words. */
function words(text: string): string[] {
  const flags: string[] = [];
  let rest = text.trim();
  for (let flag = /^(--\S+)\s*/u.exec(rest); flag; flag = /^(--\S+)\s*/u.exec(rest)) {
    flags.push(flag[1] ?? '');
    rest = rest.slice(flag[0].length);
  }
  return [...flags, ...argumentWords(rest)];
}

function argumentWords(rest: string): string[] {
  if (rest.startsWith('[')) {
    try {
      const parsed = JSON.parse(rest) as unknown;
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // not JSON: read as plain words, as the builder does
    }
  }
  return rest.split(/\s+/u).filter(Boolean);
}

export function dockerfileReach(text: string, args: Record<string, string>): DockerfileReach {
  const stages = new Set<string>();
  const images: string[] = [];
  const fetches: string[] = [];
  const defaults: Record<string, string> = {};
  const expand = (word: string): string =>
    word.replace(
      /\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/gu,
      (_, name: string) => args[name] ?? defaults[name] ?? '',
    );
  const copiedFrom = (from: string): void => {
    const image = expand(from);
    if (!/^\d+$/u.test(image) && !stages.has(image.toLowerCase()) && image !== 'scratch')
      images.push(image);
  };
  for (const instruction of dockerfileInstructions(text)) {
    const match = /^(?:onbuild\s+)?([a-z]+)\s*(.*)$/isu.exec(instruction);
    if (!match) continue;
    const keyword = (match[1] ?? '').toUpperCase();
    const all = words(match[2] ?? '');
    if (keyword === 'ARG') {
      const arg = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/u.exec(all[0] ?? '');
      if (arg?.[1] && arg[2] !== undefined) defaults[arg[1]] = arg[2].replace(/^"(.*)"$/u, '$1');
      continue;
    }
    const flags = all.filter((w) => w.startsWith('--'));
    const rest = all.filter((w) => !w.startsWith('--'));
    if (keyword === 'FROM') {
      const image = expand(rest[0] ?? '');
      const alias = rest[1]?.toLowerCase() === 'as' ? rest[2] : undefined;
      if (image && image !== 'scratch' && !stages.has(image.toLowerCase())) images.push(image);
      if (alias) stages.add(alias.toLowerCase());
      continue;
    }
    for (const flag of flags) {
      const from = /^--from=(.+)$/u.exec(flag)?.[1];
      if (from && (keyword === 'COPY' || keyword === 'ADD')) copiedFrom(from);
      const mount = /^--mount=(.*)$/u.exec(flag)?.[1];
      const mountFrom = mount ? /(?:^|,)from=([^,]+)/u.exec(mount)?.[1] : undefined;
      if (mountFrom && keyword === 'RUN') copiedFrom(mountFrom);
    }
    if (keyword === 'ADD')
      for (const source of rest.slice(0, -1))
        if (
          !source.startsWith('<<') &&
          (NOT_A_PLAIN_PATH.test(source) || NOT_A_PLAIN_PATH.test(expand(source)))
        )
          fetches.push(source);
  }
  return { images, fetches, syntax: dockerfileDirectives(text).syntax ?? null };
}
