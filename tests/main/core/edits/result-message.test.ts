import { describe, expect, it } from 'vitest';
import { createProposal } from '../../../../src/main/core/edits/proposal';
import { rejectedMessage } from '../../../../src/main/core/edits/result-message';
import { detectFormat } from '../../../../src/main/core/edits/text-format';

const proposal = createProposal({
  tool: 'edit_file',
  path: 'src/a.ts',
  isNewFile: false,
  before: 'a\n',
  after: 'b\n',
  format: detectFormat('a\n'),
  baseHash: 'base',
  description: 'test',
});

describe('rejectedMessage - names who decided', () => {
  it('the person - their reason, or ask them', () => {
    expect(rejectedMessage(proposal, 'person', 'too big')).toMatch(
      /^The person rejected the change to src\/a\.ts; nothing was written\. Their reason: too big/u,
    );
  });

  it('nobody (no terminal) - never says the person rejected it', () => {
    const text = rejectedMessage(proposal, 'mode', 'there is no terminal to ask the person');
    expect(text).toMatch(/^The change to src\/a\.ts was not written: nobody could be asked/u);
    expect(text).not.toMatch(/person rejected/u);
  });

  it('aborted - the turn ended', () => {
    expect(rejectedMessage(proposal, 'abort', undefined)).toBe(
      'The change to src/a.ts was not written: the turn was aborted.',
    );
  });
});
