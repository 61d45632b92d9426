import { useEffect, useState } from 'react';

/** Under this width the sidebar becomes a drawer behind a menu button (matches AdminLayout.module.css). */
export const DRAWER_QUERY = '(max-width: 899.98px)';

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** True while the viewport is narrow enough for the drawer; follows resizes. */
export function useNarrowScreen(query = DRAWER_QUERY): boolean {
  const [narrow, setNarrow] = useState(() => matches(query));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const list = window.matchMedia(query);
    const onChange = () => setNarrow(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return narrow;
}
