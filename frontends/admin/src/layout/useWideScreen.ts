import { useNarrowScreen } from './useNarrowScreen';

/**
 * From this width the lists where staff compare rows (clients, tasks) are tables; below it, cards
 * (a phone, a tablet in portrait, or a desktop window beside another). 1100 px leaves the table
 * about 800 px beside the sidebar.
 */
export const TABLE_QUERY = '(min-width: 1100px)';

/** True while the viewport is wide enough for tables; follows resizes. */
export function useWideScreen(): boolean {
  return useNarrowScreen(TABLE_QUERY);
}
