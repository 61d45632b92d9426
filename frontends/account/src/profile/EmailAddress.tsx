import { Fragment } from 'react';

/**
 * Break opportunities of an e-mail address: before the '@' and before each '.', the way addresses
 * are broken in print. Each part keeps its letters together.
 */
export function emailParts(address: string): string[] {
  return address.split(/(?=[@.])/);
}

/**
 * An e-mail address that wraps at its '@' and dots instead of in the middle of a word when the line
 * is too narrow (a long address in a profile card on a phone). With `overflow-wrap: anywhere` on
 * its box, a single part longer than the whole line still wraps, as a last resort, rather than
 * running out of the box.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  return (
    <span className={className}>
      {emailParts(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
