// Assistant text as GFM markdown. Safety contract: raw HTML is dropped (no rehype-raw, and
// skipHtml), no image is ever fetched (img renders as an inert placeholder), and links are
// buttons that only open in the system browser after the person saw the URL and confirmed.
// Fenced code with a known language goes through the renderer's one highlighter, whose output
// is escaped source inside hljs spans (see highlight/highlighter.ts).
import { memo } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { highlightToHtml, languageForFence } from '../highlight/highlighter';
import { InertImage } from './inert-image';
import { SafeLink } from './safe-link';

const fenceLanguage = /(?:^|\s)language-(\S+)/;

const components: Components = {
  a: ({ href, children }) => <SafeLink href={href ?? ''}>{children}</SafeLink>,
  img: ({ src, alt }) => <InertImage src={typeof src === 'string' ? src : ''} alt={alt ?? ''} />,
  code: ({ className, children }) => {
    const fence = className ? fenceLanguage.exec(className)?.[1] : undefined;
    const language = fence ? languageForFence(fence) : undefined;
    if (!language || typeof children !== 'string') {
      return <code className={className}>{children}</code>;
    }
    return (
      <code
        className={`${className} hljs`}
        dangerouslySetInnerHTML={{ __html: highlightToHtml(children, language) }}
      />
    );
  },
};

const remarkPlugins = [remarkGfm];

export const MarkdownMessage = memo(function MarkdownMessage({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown
        remarkPlugins={remarkPlugins}
        components={components}
        skipHtml
        urlTransform={defaultUrlTransform}
      >
        {text}
      </Markdown>
    </div>
  );
});
