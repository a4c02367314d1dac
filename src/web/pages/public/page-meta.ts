import { useEffect } from 'react';

/**
 * Sets document.title and the meta description while a page is shown, and puts back what
 * was there when it leaves (index.html's defaults), so each route has its own for search
 * engines and for the browser's history and tabs.
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = { title: document.title, description: meta.content };
    document.title = title;
    meta.content = description;
    const current = meta;
    return () => {
      document.title = previous.title;
      current.content = previous.description;
    };
  }, [title, description]);
}
