import styles from './CountryCombobox.module.css';

let emojiFlags: boolean | undefined;

/**
 * Whether this system draws flag emoji (many Windows and Linux systems show two letters or boxes
 * instead): draws 🇺🇸 on a canvas once and looks for colour.
 */
function systemDrawsFlags(): boolean {
  if (emojiFlags !== undefined) return emojiFlags;
  emojiFlags = false;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 16;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return emojiFlags;
    context.textBaseline = 'top';
    context.font = '14px sans-serif';
    context.fillText('\u{1F1FA}\u{1F1F8}', 0, 0);
    const pixels = context.getImageData(0, 0, 16, 16).data;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b, a] = [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]];
      if (a > 0 && (Math.abs(r - g) > 40 || Math.abs(g - b) > 40 || Math.abs(r - b) > 40)) {
        emojiFlags = true;
        break;
      }
    }
  } catch {
    // no canvas (tests): the code badge it is
  }
  return emojiFlags;
}

/** A country's flag: an image when the server sends a URL, the emoji where the system draws it, else the ISO code. */
export function Flag({ flag, code }: { flag: string; code: string }) {
  if (/^(https?:|data:|\/)/.test(flag)) {
    return <img className={styles.flagImage} src={flag} alt="" width={20} height={15} loading="lazy" />;
  }
  if (flag && systemDrawsFlags()) {
    return (
      <span className={styles.flag} aria-hidden="true">
        {flag}
      </span>
    );
  }
  return (
    <span className={styles.flagCode} aria-hidden="true">
      {code.toUpperCase()}
    </span>
  );
}
