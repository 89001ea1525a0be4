// Dark and light themes are CSS variables keyed by <html data-theme>; "system" follows
// prefers-color-scheme and changes with it.
import { createContext, useContext, useEffect, useState } from 'react';
import type { Settings } from '../../../shared/contract';

export type ResolvedTheme = 'dark' | 'light';

const darkQuery = '(prefers-color-scheme: dark)';

function systemTheme(): ResolvedTheme {
  if (typeof window.matchMedia !== 'function') return 'dark';
  return window.matchMedia(darkQuery).matches ? 'dark' : 'light';
}

export function useAppliedTheme(setting: Settings['theme']): ResolvedTheme {
  const [system, setSystem] = useState<ResolvedTheme>(systemTheme);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(darkQuery);
    const update = () => setSystem(query.matches ? 'dark' : 'light');
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  const resolved = setting === 'system' ? system : setting;
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
  }, [resolved]);
  return resolved;
}

export const ThemeContext = createContext<ResolvedTheme>('dark');

export function useResolvedTheme(): ResolvedTheme {
  return useContext(ThemeContext);
}
