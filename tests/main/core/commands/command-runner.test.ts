import { describe, expect, it } from 'vitest';
import { commandEnv, shellSpawn } from '../../../../src/main/core/commands/command-runner';

describe('shellSpawn', () => {
  it('POSIX - /bin/sh -c with stderr merged into stdout', () => {
    expect(shellSpawn('npm test', 'linux', {})).toEqual({
      file: '/bin/sh',
      args: ['-c', 'exec /bin/sh -c "$1" 2>&1', 'sh', 'npm test'],
      windows: false,
    });
  });

  it('Windows - cmd.exe from ComSpec, no AutoRun, the line kept verbatim', () => {
    expect(shellSpawn('npm test && echo ok', 'win32', { ComSpec: 'C:\\Windows\\cmd.exe' })).toEqual(
      {
        file: 'C:\\Windows\\cmd.exe',
        args: ['/d', '/s', '/c', '"npm test && echo ok"'],
        windows: true,
      },
    );
  });
});

describe('commandEnv', () => {
  const base = {
    PATH: '/usr/bin',
    HOME: '/home/me',
    ANTHROPIC_API_KEY: 'sk-secret',
    AWS_SECRET_ACCESS_KEY: 'x',
    LANG: 'C.UTF-8',
    SystemRoot: 'C:\\Windows',
    Path: 'C:\\bin',
  };

  it('POSIX - passes only the allow-listed variables, never keys', () => {
    const env = commandEnv(base, 'linux');
    expect(env).toMatchObject({ PATH: '/usr/bin', LANG: 'C.UTF-8' });
    expect(env).not.toHaveProperty('ANTHROPIC_API_KEY');
    expect(env).not.toHaveProperty('AWS_SECRET_ACCESS_KEY');
    expect(env).not.toHaveProperty('SystemRoot');
  });

  it('Windows - keeps what programs need to start (SystemRoot, Path), still no keys', () => {
    const env = commandEnv(base, 'win32');
    expect(env).toMatchObject({ SystemRoot: 'C:\\Windows', Path: 'C:\\bin' });
    expect(env).not.toHaveProperty('ANTHROPIC_API_KEY');
  });
});
