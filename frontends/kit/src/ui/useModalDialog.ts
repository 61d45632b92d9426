import { useEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';

export const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Options {
  /** Escape ends up here (unless locked). */
  onEscape(): void;
  /** While a request is under way: Escape does nothing. */
  locked?: boolean;
}

/**
 * The behaviour of a modal <dialog> (checkout's Dialog, admin's ConfirmDialog): shown modally on
 * mount, so the page behind is inert; the first element marked `data-autofocus` (else the first
 * focusable one) gets the focus; Tab wraps inside; Escape calls onEscape; the focus goes back to
 * the opener when the dialog goes away. Spread the result on the <dialog>.
 */
export function useModalDialog({ onEscape, locked = false }: Options) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    const first = element.querySelector<HTMLElement>('[data-autofocus]') ?? element.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = ref.current;
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!locked) onEscape();
      return;
    }
    if (event.key !== 'Tab' || !dialog) return;
    const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    const outside = !dialog.contains(document.activeElement);
    if (event.shiftKey && (document.activeElement === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  };

  /** The native Escape (cancel event) is ignored: Escape goes through onKeyDown, via React state. */
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => event.preventDefault();

  return { ref, onKeyDown, onCancel, 'aria-modal': true as const };
}
