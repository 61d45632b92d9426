import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setRuntimeConfig, type RuntimeConfig } from '@growth/kit';
import { App } from './App';

export function mount(root: HTMLElement, config: RuntimeConfig): void {
  setRuntimeConfig(config);
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
