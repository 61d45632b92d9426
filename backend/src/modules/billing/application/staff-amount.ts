import { AppError } from '../../../platform/errors/app-error';
import { amountInMinorUnits, formatMinorUnits, minorUnitExponent } from '../../../kernel/money';

/** Staff's amount as minor units of the order's currency; a 400 naming the field when it is not one. */
export function staffAmount(amount: string | undefined, currency: string): number | null {
  if (amount === undefined) return null;
  const minor = amountInMinorUnits(amount, currency);
  if (minor === null) {
    const example = minorUnitExponent(currency) === 0 ? '785' : formatMinorUnits(785, currency);
    throw new AppError(
      'invalid',
      `amount must be a positive amount in ${currency} with at most ${minorUnitExponent(currency)} decimals, e.g. ${example}`,
      'invalid_amount',
    );
  }
  return minor;
}
