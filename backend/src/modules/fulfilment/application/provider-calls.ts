import { AppError } from '../../../platform/errors/app-error';
import { providerUnavailable } from '../domain/fulfilment.errors';
import { ProviderError } from './provider-panel.port';

/**
 * Runs a provider call for an admin screen: a ProviderError becomes a 502 'The provider panel did
 * not answer: …' with the adapter's sentence; any other error is ours and is thrown as it is.
 */
export async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw providerUnavailable(error.message);
    throw error;
  }
}

export const PANEL_OFF_MESSAGE = 'Automatic fulfilment is off: set FULFILMENT_PROVIDER=api-v2';
export const panelOff = () => new AppError('conflict', PANEL_OFF_MESSAGE, 'fulfilment_off');

/**
 * Compares two decimal texts exactly ("123.4500" against "10"): -1, 0 or 1. Null when either is not
 * a plain decimal number (an optional minus sign, digits, an optional fraction).
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 | null {
  const x = decimalParts(a);
  const y = decimalParts(b);
  if (!x || !y) return null;
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const width = Math.max(x.fraction.length, y.fraction.length);
  const digitsOf = (d: { whole: string; fraction: string }) => d.whole + d.fraction.padEnd(width, '0');
  const [dx, dy] = [digitsOf(x), digitsOf(y)];
  const length = Math.max(dx.length, dy.length);
  const [px, py] = [dx.padStart(length, '0'), dy.padStart(length, '0')];
  const magnitude = px === py ? 0 : px < py ? -1 : 1;
  return (x.negative ? -magnitude : magnitude) as -1 | 0 | 1;
}

function decimalParts(text: string): { negative: boolean; whole: string; fraction: string } | null {
  const match = /^\s*(-)?(\d+)(?:\.(\d+))?\s*$/.exec(text);
  if (!match) return null;
  const whole = match[2].replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const zero = /^0$/.test(whole) && fraction === '';
  return { negative: Boolean(match[1]) && !zero, whole, fraction };
}
