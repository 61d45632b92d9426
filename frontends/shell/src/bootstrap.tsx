import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startRemotes } from './config/loadRuntimeConfig';

export function mount(root: HTMLElement, start: () => Promise<void> = startRemotes): void {
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App startRemotes={start} />
    </StrictMode>,
  );
}
