/** A centred, accessible loading indicator. Styles: `kit.css` (loaded once by the shell). */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="kit-spinner" role="status" aria-live="polite">
      <span className="kit-spinner__ring" aria-hidden="true" />
      <span className="kit-visually-hidden">{label}</span>
    </div>
  );
}
