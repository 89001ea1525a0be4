import { describe, expect, it } from 'vitest';
import { costText, shortWhen, turnsText } from '../../src/shared/conversation-listing-text';

// Local times, so the words are the same in every time zone the tests run in.
const now = new Date(2026, 2, 10, 16, 30).getTime();

describe('shortWhen - when, as a listing says it', () => {
  it('names today and yesterday, with the time', () => {
    expect(shortWhen(new Date(2026, 2, 10, 14, 2).getTime(), now)).toBe('today 14:02');
    expect(shortWhen(new Date(2026, 2, 10, 0, 0).getTime(), now)).toBe('today 00:00');
    expect(shortWhen(new Date(2026, 2, 9, 23, 59).getTime(), now)).toBe('yesterday 23:59');
    expect(shortWhen(new Date(2026, 2, 9, 9, 5).getTime(), now)).toBe('yesterday 09:05');
  });

  it('gives day and month this year, the year before that', () => {
    expect(shortWhen(new Date(2026, 2, 8, 9, 5).getTime(), now)).toBe('8 Mar 09:05');
    expect(shortWhen(new Date(2026, 0, 3, 14, 2).getTime(), now)).toBe('3 Jan 14:02');
    expect(shortWhen(new Date(2025, 11, 3, 14, 2).getTime(), now)).toBe('3 Dec 2025');
  });
});

describe('costText and turnsText', () => {
  it('says dollars to the cent, and a tiny cost as under a cent', () => {
    expect(costText(0)).toBe('$0.00');
    expect(costText(0.041)).toBe('$0.04');
    expect(costText(0.004)).toBe('<$0.01');
    expect(costText(12.345)).toBe('$12.35');
  });

  it('counts turns in words', () => {
    expect(turnsText(1)).toBe('1 turn');
    expect(turnsText(3)).toBe('3 turns');
  });
});
