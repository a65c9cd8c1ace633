import { createContext, useContext } from 'react';

/** True below a shell, so full-page screens (errors) render as page content instead. */
export const InShellContext = createContext(false);

export function useInShell(): boolean {
  return useContext(InShellContext);
}
