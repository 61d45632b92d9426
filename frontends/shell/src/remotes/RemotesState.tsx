import { createContext, useContext } from 'react';

/**
 * Where the runtime config stands (GET /api/runtime-config says where each remote lives): the
 * shell draws its layout at once and only the remote pages wait for it (RemotePage).
 */
export type RemotesStatus = 'loading' | 'ready' | 'failed';

export interface RemotesState {
  status: RemotesStatus;
  /** Asks for the runtime config again (after 'failed'). */
  retry(): void;
}

export const RemotesContext = createContext<RemotesState>({ status: 'ready', retry: () => undefined });

export function useRemotes(): RemotesState {
  return useContext(RemotesContext);
}
