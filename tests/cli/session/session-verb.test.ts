// `--resume` takes an optional id: the next word is its id only when it looks like one, so
// `sluice --resume fix the bug` picks from a list and sends the words, and `--` ends it all.
import { describe, expect, it } from 'vitest';
import { resumeArgs } from '../../../src/cli/session/session-verb';

describe('resumeArgs', () => {
  it('resumeArgs - an id or the start of one after --resume is its value', () => {
    expect(resumeArgs(['--resume', '3f2a9c1b'])).toEqual(['--resume=3f2a9c1b']);
    expect(resumeArgs(['--resume', '3F2A-9C1B-77'])).toEqual(['--resume=3F2A-9C1B-77']);
  });

  it('resumeArgs - bare --resume at the end picks from a list', () => {
    expect(resumeArgs(['--resume'])).toEqual(['--resume=']);
  });

  it('resumeArgs - a word that is no id stays a prompt word', () => {
    expect(resumeArgs(['--resume', 'fix', 'the', 'bug'])).toEqual([
      '--resume=',
      'fix',
      'the',
      'bug',
    ]);
    expect(resumeArgs(['--resume', 'abc'])).toEqual(['--resume=', 'abc']);
    expect(resumeArgs(['--resume', '--mode', 'plan'])).toEqual(['--resume=', '--mode', 'plan']);
  });

  it('resumeArgs - a prompt word that looks like hex is taken as the id (give -- before it)', () => {
    expect(resumeArgs(['--resume', 'beef', 'up', 'the', 'tests'])).toEqual([
      '--resume=beef',
      'up',
      'the',
      'tests',
    ]);
  });

  it('resumeArgs - after -- every word is kept as it is, --resume included', () => {
    expect(resumeArgs(['--project', 'p', '--', '--resume', 'abcd1234'])).toEqual([
      '--project',
      'p',
      '--',
      '--resume',
      'abcd1234',
    ]);
  });

  it('resumeArgs - --resume=ID written as one word is left alone', () => {
    expect(resumeArgs(['--resume=abcd1234', 'go', 'on'])).toEqual([
      '--resume=abcd1234',
      'go',
      'on',
    ]);
  });
});
