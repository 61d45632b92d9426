import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startRemotes } from './config/loadRuntimeConfig';
import { hydrateServedPage, servedPage } from './ssr/hydrate';

export function mount(root: HTMLElement, start: () => Promise<void> = startRemotes): void {
  const served = root.firstElementChild ? servedPage() : null;
  if (served) {
    // A server-rendered public page: hydrated once its remote is here; should that fail, drawn as any other page.
    hydrateServedPage(root, served, start).catch((error: unknown) => {
      console.error('Hydration failed, drawing the page anew:', error);
      render(root, start);
    });
    return;
  }
  render(root, start);
}

function render(root: HTMLElement, start: () => Promise<void>): void {
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App startRemotes={start} />
    </StrictMode>,
  );
}
