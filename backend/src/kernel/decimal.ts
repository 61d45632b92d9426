/**
 * Exact decimals (money written as text, reports' figures, subscriptions' margins): an integer of units of 10^-scale (BigInt), never a binary float.
 * Amounts in minor units come in with their currency's exponent; upstream charges come as the
 * database's numeric text, with as many decimals as the provider gave.
 */
export class Decimal {
  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static readonly ZERO = new Decimal(0n, 0);

  static minor(units: bigint, exponent: number): Decimal {
    return new Decimal(units, exponent);
  }

  /** Plain decimal text ("19.99", "-0.2784", "12"); throws on anything else (the database sends numeric text). */
  static parse(text: string): Decimal {
    const match = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
    if (!match) throw new Error(`"${text}" is not decimal text`);
    const [, sign, whole, fraction = ''] = match;
    const units = BigInt(whole + fraction);
    return new Decimal(sign === '-' ? -units : units, fraction.length);
  }

  /**
   * Decimal text as written by people and providers: an optional sign, digits, an optional fraction
   * ("19.99", "0.27819", "-3", ".5", "5."); null when it is not that (an odd provider charge never
   * becomes a wrong figure). Looser than `parse`, which reads the database's own numeric text.
   */
  static tryParse(text: string): Decimal | null {
    const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
    if (!match) return null;
    const [, sign, whole, fraction = ''] = match;
    if (whole === '' && fraction === '') return null;
    const units = BigInt(`${whole || '0'}${fraction}`);
    return new Decimal(sign === '-' ? -units : units, fraction.length);
  }

  /** The same value with at least `scale` fraction digits. */
  atScale(scale: number): Decimal {
    return scale <= this.scale ? this : new Decimal(this.units * 10n ** BigInt(scale - this.scale), scale);
  }

  plus(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.atScale(scale).units + other.atScale(scale).units, scale);
  }

  minus(other: Decimal): Decimal {
    return this.plus(other.negated());
  }

  negated(): Decimal {
    return new Decimal(-this.units, this.scale);
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  /** Fewer trailing zeros, down to `minScale` fraction digits ("1.5000" → "1.50" at 2). */
  trimmed(minScale: number): Decimal {
    let { units, scale } = this;
    while (scale > minScale && units % 10n === 0n) {
      units /= 10n;
      scale -= 1;
    }
    return new Decimal(units, scale).atScale(minScale);
  }

  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, '0');
    const whole = digits.slice(0, digits.length - this.scale);
    const fraction = this.scale > 0 ? `.${digits.slice(digits.length - this.scale)}` : '';
    return `${negative ? '-' : ''}${whole}${fraction}`;
  }
}

/** a / b rounded half away from zero (b > 0). */
export function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const n = negative ? -a : a;
  const q = (n * 2n + b) / (2n * b);
  return negative ? -q : q;
}

/**
 * The change from `previous` to `value` in percent, one decimal, rounded half away from zero
 * ("12.5", "-100.0"); null when there was nothing before (no percentage of zero).
 */
export function percentChange(value: Decimal, previous: Decimal): string | null {
  if (previous.isZero()) return null;
  const scale = Math.max(value.scale, previous.scale);
  const v = value.atScale(scale).units;
  const p = previous.atScale(scale).units;
  const tenths = divideRounded((v - p) * 1000n, p < 0n ? -p : p);
  return Decimal.minor(tenths, 1).toString();
}
