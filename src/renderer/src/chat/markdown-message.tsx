// Assistant text as GFM markdown. Safety contract: raw HTML is dropped (no rehype-raw, and
// skipHtml), no image is ever fetched (img renders as an inert placeholder), and links are
// buttons that only open in the system browser after the person saw the URL and confirmed.
import { memo } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { InertImage } from './inert-image';
import { SafeLink } from './safe-link';

const components: Components = {
  a: ({ href, children }) => <SafeLink href={href ?? ''}>{children}</SafeLink>,
  img: ({ src, alt }) => <InertImage src={typeof src === 'string' ? src : ''} alt={alt ?? ''} />,
};

const remarkPlugins = [remarkGfm];
const rehypePlugins = [[rehypeHighlight, { detect: false, ignoreMissing: true }] as const];

export const MarkdownMessage = memo(function MarkdownMessage({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins as never}
        components={components}
        skipHtml
        urlTransform={defaultUrlTransform}
      >
        {text}
      </Markdown>
    </div>
  );
});
