import { THEME_CHOICES, type ThemeChoice } from '@parley/contracts';
import { STORAGE_KEYS } from './config';
import { createStore, useStore } from './store';

export { THEME_CHOICES, type ThemeChoice };

/** Spec 1 §9: default theme light. */
export const DEFAULT_THEME: ThemeChoice = 'light';

function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

function readStoredTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.theme);
    return isThemeChoice(value) ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

const darkQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && window.matchMedia
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

function apply(choice: ThemeChoice): void {
  const dark = resolveTheme(choice, darkQuery()?.matches ?? false) === 'dark';
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export const themeStore = createStore<ThemeChoice>(readStoredTheme());

export function setTheme(choice: ThemeChoice): void {
  try {
    localStorage.setItem(STORAGE_KEYS.theme, choice);
  } catch {
    /* ignore */
  }
  themeStore.set(choice);
  apply(choice);
}

export function useTheme(): ThemeChoice {
  return useStore(themeStore);
}

/** Keep the page in step with the OS setting (for "system") and with other tabs. */
export function startThemeSync(): () => void {
  apply(themeStore.get());
  const query = darkQuery();
  const onSystem = () => {
    if (themeStore.get() === 'system') apply('system');
  };
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEYS.theme) return;
    const next = isThemeChoice(e.newValue) ? e.newValue : DEFAULT_THEME;
    themeStore.set(next);
    apply(next);
  };
  query?.addEventListener('change', onSystem);
  window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', onSystem);
    window.removeEventListener('storage', onStorage);
  };
}
