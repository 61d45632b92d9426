import { useId } from 'react';
import { Link } from 'wouter';
import { Dialog } from './Dialog';

/** A visitor pressed Buy: sign in first, then come back to this page (docs/product.md#screens-and-routes, docs/product.md#error-texts). */
export function LoginRequiredDialog({ loginHref, onClose }: { loginHref: string; onClose(): void }) {
  const messageId = useId();
  return (
    <Dialog
      title="Login required"
      role="alertdialog"
      describedBy={messageId}
      onClose={onClose}
      closeButton={false}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <Link href={loginHref} className="button button--primary" data-autofocus>
            Log In
          </Link>
        </>
      }
    >
      <p id={messageId}>Please log in to continue.</p>
    </Dialog>
  );
}
