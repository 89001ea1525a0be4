import { describe, expect, it } from 'vitest';
import {
  dockerfileInstructions,
  dockerfileReach,
} from '../../../../src/main/core/runs/dockerfile-instructions';

describe('dockerfileReach - what a build would fetch or start from', () => {
  it('an ADD of a URL - found in every spelling', () => {
    const text = [
      'FROM base:1',
      'ADD http://127.0.0.1:8080/payload /p',
      'add --chown=1:1 https://example.com/a.tgz /a',
      'ADD ["http://169.254.169.254/latest/meta-data/", "/meta"]',
      'ADD git@github.com:someone/repo.git /repo',
      'ARG SRC=http://10.0.0.1/x',
      'ADD ${SRC} /x',
      'ONBUILD ADD ftp://host/file /f',
      'ADD local.txt /local.txt',
      'COPY http-not-a-url.txt /c',
    ].join('\n');
    expect(dockerfileReach(text, {}).fetches).toEqual([
      'http://127.0.0.1:8080/payload',
      'https://example.com/a.tgz',
      'http://169.254.169.254/latest/meta-data/',
      'git@github.com:someone/repo.git',
      '${SRC}',
      'ftp://host/file',
    ]);
  });

  it('a URL on a continuation line, with the file’s own escape character - still found', () => {
    const backtick = '# escape=`\nFROM base:1\nADD `\n  http://127.0.0.1:9/p `\n  /p\n';
    expect(dockerfileReach(backtick, {}).fetches).toEqual(['http://127.0.0.1:9/p']);
    const backslash = 'FROM base:1\nADD \\\n  # a comment inside\n  http://127.0.0.1:9/p /p\n';
    expect(dockerfileReach(backslash, {}).fetches).toEqual(['http://127.0.0.1:9/p']);
  });

  it('sources that could become a URL - refused by default, whatever the spelling', () => {
    const u = 'http://127.0.0.1:9/p';
    const cases = [
      `FROM b\nENV U=${u}\nADD $U /x\n`,
      `FROM b\nADD \${U:-${u}} /x\n`,
      `FROM b\nARG A=1 U=${u}\nADD $U /x\n`,
      `FROM b\nADD "${u}" /x\n`,
      `FROM b\nADD --chown=1:1 ["${u}","/x"]\n`,
      `FROM b\nADD \\\n\n  ${u} /x\n`,
      `\uFEFF# escape=\`\nFROM b\nENV A=\\\nADD ${u} /x\n`,
      `FROM b\nADD user@host:repo.git /x\n`,
    ];
    for (const text of cases)
      expect(dockerfileReach(text, {}).fetches.length, JSON.stringify(text)).toBeGreaterThan(0);
    // Plain paths and heredocs stay allowed.
    expect(
      dockerfileReach('FROM b\nADD src/app.tgz /app\nADD <<EOF /x\nhi\nEOF\n', {}).fetches,
    ).toEqual([]);
  });

  it('a # syntax= directive - reported (BuildKit would fetch that frontend)', () => {
    expect(dockerfileReach('# syntax=docker/dockerfile:1\nFROM b\n', {}).syntax).toBe(
      'docker/dockerfile:1',
    );
    expect(dockerfileReach('FROM b\n', {}).syntax).toBeNull();
  });

  it('COPY --from and RUN --mount from an image - listed as images the engine must hold', () => {
    const text = [
      'FROM base:1 AS build',
      'COPY --from=build /a /a',
      'COPY --from=other/image:2 /b /b',
      'COPY --from=0 /c /c',
      'RUN --mount=type=bind,from=tools:3,target=/t true',
    ].join('\n');
    expect(dockerfileReach(text, {}).images).toEqual(['base:1', 'other/image:2', 'tools:3']);
  });

  it('dockerfileInstructions - joins continuations and leaves out comments', () => {
    expect(dockerfileInstructions('# c\nFROM a\nRUN x \\\n  && y\n\n')).toEqual([
      'FROM a',
      'RUN x && y',
    ]);
  });
});
