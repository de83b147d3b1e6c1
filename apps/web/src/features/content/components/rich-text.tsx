import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { prepareArticleHtml } from '../rich-text-html.js';
import './content.css';
import './article.css';

/**
 * An article body: the server's sanitised HTML, prepared for the phone (lazy images, external links
 * through the in-app web view). In-app links move the router instead of reloading the page.
 */
export function RichText({ html, className, linksDisabled = false }: { html: string; className?: string; linksDisabled?: boolean }) {
  const navigate = useNavigate();
  const prepared = useMemo(() => prepareArticleHtml(html), [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor) return;
    // a preview shows links without following them (the draft beside it would be lost)
    if (linksDisabled) {
      event.preventDefault();
      return;
    }
    const href = anchor.getAttribute('href');
    if (!href || !href.startsWith('#/')) return;
    event.preventDefault();
    void navigate(href.slice(1));
  };
  return (
    <div className={`qgw-rich-text${className ? ` ${className}` : ''}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: prepared }} />
  );
}
