import { STORAGE_KEYS } from '../../lib/config';
import { createStore, useStore } from '../../lib/store';

const read = () => {
  try {
    return localStorage.getItem(STORAGE_KEYS.navCollapsed) === 'true';
  } catch {
    return false;
  }
};

/** Whether the wide screen's rail shows icons only; labels by default, the choice remembered. */
const navCollapsed = createStore<boolean>(read());

export const useNavCollapsed = () => useStore(navCollapsed);

export function setNavCollapsed(collapsed: boolean) {
  navCollapsed.set(collapsed);
  try {
    localStorage.setItem(STORAGE_KEYS.navCollapsed, String(collapsed));
  } catch {
    // Private windows may refuse storage; the choice then lasts for the visit.
  }
}
