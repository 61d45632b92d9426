import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element of `ref` comes within `margin` of the viewport, and from then on. Where the
 * browser has no IntersectionObserver it is true at once (the content is simply loaded).
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, margin = '200px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
