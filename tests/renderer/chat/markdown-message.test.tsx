import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MarkdownMessage } from '../../../src/renderer/src/chat/markdown-message';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const hostile = [
  'Look: ![tracker](https://evil.example/pixel.png?user=me)',
  '',
  '<img src="https://evil.example/x.png" onerror="alert(1)">',
  '',
  '[click me](javascript:alert(1))',
  '',
  '<iframe src="https://evil.example/frame"></iframe>',
  '',
  '<script>alert(2)</script>',
  '',
  '[docs](https://example.com/docs)',
].join('\n');

describe('MarkdownMessage', () => {
  it('hostile markdown - renders inert: no image, no iframe, no script, no javascript: href', () => {
    const fake = createFakeSluice();
    const { container } = renderWithClient(<MarkdownMessage text={hostile} />, fake);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('a[href]')).toBeNull();
    expect(container.innerHTML).not.toContain('javascript:');
    // The remote image shows as text: its description and its address, nothing fetched.
    const placeholder = screen.getByRole('img', { name: 'Image not loaded: tracker' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder).toHaveTextContent('https://evil.example/pixel.png?user=me');
    // No element anywhere carries a src attribute (the only way a fetch could start).
    expect(container.querySelector('[src]')).toBeNull();
    expect(fake.calls).toEqual([]);
  });

  it('javascript: link - shows its text but nothing to click that opens it', () => {
    const fake = createFakeSluice();
    renderWithClient(<MarkdownMessage text={hostile} />, fake);
    expect(screen.getByText('click me').closest('button')).toBeNull();
  });

  it('web link - opens only after a click showing the URL, then Open', async () => {
    const fake = createFakeSluice();
    fake.handle('settings.openExternal', () => ({ opened: true }));
    renderWithClient(<MarkdownMessage text="See [docs](https://example.com/docs)." />, fake);
    await userEvent.click(screen.getByRole('button', { name: 'docs' }));
    expect(fake.callsTo('settings.openExternal')).toEqual([]);
    const confirm = screen.getByRole('group', { name: 'Open link' });
    expect(confirm).toHaveTextContent('https://example.com/docs');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(fake.callsTo('settings.openExternal')).toEqual([{ url: 'https://example.com/docs' }]);
  });

  it('code block - highlighted with GFM tables supported', () => {
    const fake = createFakeSluice();
    const { container } = renderWithClient(
      <MarkdownMessage
        text={'```ts\nconst x: number = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |'}
      />,
      fake,
    );
    expect(container.querySelector('code.hljs, code.language-ts')).not.toBeNull();
    expect(container.querySelector('.hljs-keyword')).toHaveTextContent('const');
    expect(container.querySelector('table')).not.toBeNull();
  });

  it('code block - an unknown language and inline code stay plain, markup in code stays text', () => {
    const fake = createFakeSluice();
    const { container } = renderWithClient(
      <MarkdownMessage
        text={
          'Use `<b>x</b>` here.\n\n```nosuchlang\n<img src=x>\n```\n\n```html\n<img src=x onerror=alert(1)>\n```'
        }
      />,
      fake,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    const blocks = container.querySelectorAll('pre code');
    expect(blocks[0]).not.toHaveClass('hljs');
    expect(blocks[0]).toHaveTextContent('<img src=x>');
    expect(blocks[1]).toHaveClass('hljs');
    expect(blocks[1]).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(blocks[1]!.querySelector('.hljs-tag')).not.toBeNull();
  });
});
