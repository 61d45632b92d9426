import { useEffect } from 'react';

/**
 * An address past the last page (an old bookmark, a list that shrank): once the server has said
 * how many pages there are, the address is replaced by the last page. True while that happens.
 */
export function usePageClamp(page: number, lastPage: number | null, goTo: (page: number, replace: boolean) => void): boolean {
  const overshoot = lastPage !== null && lastPage >= 1 && page > lastPage;
  useEffect(() => {
    if (overshoot && lastPage !== null) goTo(lastPage, true);
  }, [overshoot, lastPage, goTo]);
  return overshoot;
}
