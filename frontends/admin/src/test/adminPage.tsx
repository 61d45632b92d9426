import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { installFakeApi, setNarrowScreen, type FakeApi } from './fakeApi';

/** The start of an admin spec: a signed-in admin, a wide screen and the fake API (returned). */
export function startAdminSpec(): FakeApi {
  localStorage.clear();
  localStorage.setItem('adminToken', 'admin-token');
  setNarrowScreen(false);
  return installFakeApi();
}

/** jsdom has no modal dialogs: showModal only opens the dialog. */
export function allowModalDialogs(): void {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
}

/** Renders `page` at `path` in a memory router that records where it goes; returns the memory (its `history`). */
export function visitPage(page: ReactElement, path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {page}
    </Router>,
  );
  return memory;
}
