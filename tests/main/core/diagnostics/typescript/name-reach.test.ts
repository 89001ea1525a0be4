import { describe, expect, it } from 'vitest';
import {
  nameKey,
  reachability,
} from '../../../../../src/main/core/diagnostics/typescript/name-reach';
import type { NameRef } from '../../../../../src/main/core/diagnostics/typescript/surface-parts';

/** A graph of names by `file:name` strings, its seeds, and how often each name's edges were read. */
function graph(edges: Record<string, string[]>, seeds: string[] = []) {
  const seedSet = new Set(seeds);
  const edgeMap = new Map(Object.entries(edges));
  const reads = new Map<string, number>();
  const ref = (text: string): NameRef => {
    const [file, name] = text.split(':');
    return [file ?? '', name ?? ''];
  };
  const next = (file: string, name: string): NameRef[] => {
    const k = `${file}:${name}`;
    reads.set(k, (reads.get(k) ?? 0) + 1);
    return (edgeMap.get(k) ?? []).map(ref);
  };
  const isSeed = (file: string, name: string): boolean => seedSet.has(`${file}:${name}`);
  return { seedSet, edgeMap, reads, next, isSeed, ref };
}

const never = (): void => undefined;

describe('reachability', () => {
  it('reachability - a name reaches a seed through what it names, through cycles, and others do not', () => {
    const g = graph(
      {
        'a:x': ['b:y'],
        'b:y': ['c:z', 'a:x'],
        'c:z': [],
        'd:w': ['a:x'],
        'e:v': ['e:u'],
        'e:u': ['e:v'],
      },
      ['c:z'],
    );
    const walk = reachability(g.isSeed, g.next, never);
    expect(walk.reaches('d', 'w')).toBe(true);
    expect(walk.reaches('a', 'x')).toBe(true);
    expect(walk.reaches('e', 'v')).toBe(false);
    expect(walk.reaches('e', 'u')).toBe(false);
    expect(walk.reaches('c', 'z')).toBe(true);
  });

  it('reachability - a name found not to reach a change reaches one found since, once told changes grew', () => {
    const g = graph({ 'a:x': ['b:y'], 'b:y': ['c:z'], 'c:z': [] });
    const walk = reachability(g.isSeed, g.next, never);
    expect(walk.reaches('a', 'x')).toBe(false);
    g.seedSet.add('c:z');
    walk.grown({ seeds: [g.ref('c:z')], files: [] });
    expect(walk.reaches('a', 'x')).toBe(true);
    expect(walk.reaches('b', 'y')).toBe(true);
  });

  it('reachability - a file every name of which changed: every name explored in it reaches a change', () => {
    const g = graph({ 'a:x': ['b:y'], 'b:y': [], 'c:z': ['b:q'], 'b:q': [] });
    const walk = reachability(g.isSeed, g.next, never);
    expect(walk.reaches('a', 'x')).toBe(false);
    expect(walk.reaches('c', 'z')).toBe(false);
    g.seedSet.add('b:y').add('b:q');
    walk.grown({ seeds: [], files: ['b'] });
    expect(walk.reaches('a', 'x')).toBe(true);
    expect(walk.reaches('c', 'z')).toBe(true);
  });

  it('reachability - the edges of a file that may grow are read again when changes grow', () => {
    const g = graph({ 'a:x': ['m:n'], 'm:n': [], 'c:z': [] }, ['c:z']);
    const walk = reachability(g.isSeed, g.next, never, (file) => file === 'm');
    expect(walk.reaches('a', 'x')).toBe(false);
    // The changed file's name now stands for something that changed.
    g.edgeMap.set('m:n', ['c:z']);
    walk.grown({ seeds: [], files: [] });
    expect(walk.reaches('a', 'x')).toBe(true);
  });

  it('reachability - each name is read once however often changes grow (no walk starts over)', () => {
    const chain: Record<string, string[]> = {};
    for (let i = 0; i < 200; i++) chain[`f${i}:n`] = i < 199 ? [`f${i + 1}:n`] : [];
    chain['s:0'] = [];
    const g = graph(chain);
    const walk = reachability(g.isSeed, g.next, never);
    for (let i = 0; i < 200; i++) {
      expect(walk.reaches(`f${i}`, 'n')).toBe(false);
      g.seedSet.add(`s:${i}`);
      walk.grown({ seeds: [['s', String(i)]], files: [] });
    }
    expect(Math.max(...g.reads.values())).toBe(1);
    g.seedSet.add('f199:n');
    walk.grown({ seeds: [['f199', 'n']], files: [] });
    expect(walk.reaches('f0', 'n')).toBe(true);
    expect(Math.max(...g.reads.values())).toBe(1);
  });

  it('reachability - a question cut short leaves no wrong answer: the next one goes on from where it stopped', async () => {
    const g = graph({ 'a:x': ['b:y', 'c:z'], 'b:y': [], 'c:z': ['d:w'], 'd:w': [] }, ['d:w']);
    let cancelled = false;
    let failOn: string | undefined = 'c:z';
    const next = (file: string, name: string): NameRef[] => {
      if (`${file}:${name}` === failOn) {
        failOn = undefined;
        throw new Error('the surface could not be read');
      }
      return g.next(file, name);
    };
    const walk = reachability(g.isSeed, next, () => {
      if (cancelled) throw new Error('cancelled');
    });
    expect(() => walk.reaches('a', 'x')).toThrow('the surface could not be read');
    expect(walk.reaches('a', 'x')).toBe(true);
    cancelled = true;
    g.edgeMap.set('e:v', ['d:w']);
    expect(() => walk.reaches('e', 'v')).toThrow('cancelled');
    cancelled = false;
    expect(walk.reaches('e', 'v')).toBe(true);
    expect(walk.reaches('b', 'y')).toBe(false);
  });

  it('nameKey - a file and a name as one key that keeps them apart', () => {
    expect(nameKey('a', 'bc')).not.toBe(nameKey('ab', 'c'));
  });
});
