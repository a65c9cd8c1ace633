import { useEffect } from 'react';

const APP = 'Parley';

/**
 * The browser tab names the page (and history, bookmarks and screen readers announce it on
 * navigation); back to the app's name when the page goes.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} · ${APP}`;
    return () => {
      document.title = APP;
    };
  }, [title]);
}
