import { compareDecimal, formatDate, isPositiveDecimal, progressText, quantityText, subtractDecimal } from './format';

describe('decimal text (money of the API, never through floats)', () => {
  it('compares whatever the number of decimals', () => {
    expect(compareDecimal('7.85', '7.850')).toBe(0);
    expect(compareDecimal('7.84', '7.85')).toBe(-1);
    expect(compareDecimal('10', '9.99')).toBe(1);
    // As floats these two are the same number.
    expect(compareDecimal('9007199254740993.02', '9007199254740993.01')).toBe(1);
    expect(compareDecimal('7.85', undefined)).toBeNull();
    expect(compareDecimal('-1', '0')).toBeNull();
    expect(compareDecimal('1e3', '0')).toBeNull();
  });

  it('subtracts, keeping the longer scale; null below zero or for unreadable text', () => {
    expect(subtractDecimal('7.85', '2.5')).toBe('5.35');
    expect(subtractDecimal('10', '0.01')).toBe('9.99');
    expect(subtractDecimal('0.30', '0.1')).toBe('0.20');
    expect(subtractDecimal('5', '5')).toBe('0');
    expect(subtractDecimal('2', '3')).toBeNull();
    expect(subtractDecimal('abc', '1')).toBeNull();
  });

  it('tells an amount above zero', () => {
    expect(isPositiveDecimal('0.01')).toBe(true);
    expect(isPositiveDecimal('0.00')).toBe(false);
    expect(isPositiveDecimal(null)).toBe(false);
  });

  it('writes a date as the card does, without the time', () => {
    expect(formatDate('2026-11-24T12:00:00.000Z')).toBe('Nov 24, 2026');
    expect(formatDate('soon')).toBeNull();
    expect(formatDate(null)).toBeNull();
  });
});

describe('what the provider reported, in the card words', () => {
  it('an order still In Process at 0 and 0 has not started: no line (panels send "0" before they begin)', () => {
    expect(progressText({ startCount: 0, remains: 0, quantity: 1000 }, 0)).toBeNull();
    expect(progressText({ startCount: '0', remains: '0', quantity: 1000 }, 0)).toBeNull();
    expect(progressText({ startCount: null, remains: null, quantity: 1000 }, 0)).toBeNull();
  });

  it('a start count of 0 is not reported; remains of 0 on a running order is not reported either', () => {
    expect(progressText({ startCount: 0, remains: 250, quantity: 1000 }, 0)).toBe('250 remaining');
    expect(progressText({ startCount: 1204, remains: 0, quantity: 1000 }, 0)).toBe('Started at 1,204');
    expect(progressText({ startCount: 1204, remains: 350, quantity: 1000 }, 0)).toBe('Started at 1,204 · 350 remaining');
    expect(progressText({ startCount: 120000, remains: null }, 0)).toBe('Started at 120,000');
  });

  it('Completed says only a real start count: not "Started at 0", not "0 remaining"', () => {
    expect(progressText({ startCount: 0, remains: 0, quantity: 1000 }, 1)).toBeNull();
    expect(progressText({ startCount: 98, remains: 0, quantity: 1000 }, 1)).toBe('Started at 98');
  });

  it('Partial says what was delivered when the panel said what remained; without the quantity, what was not', () => {
    expect(progressText({ startCount: 98, remains: 412, quantity: 1000 }, 2)).toBe('Started at 98 · Delivered 588 of 1,000');
    expect(progressText({ startCount: 0, remains: '412', quantity: '1000' }, 2)).toBe('Delivered 588 of 1,000');
    expect(progressText({ startCount: 98, remains: 412 }, 2)).toBe('Started at 98 · 412 not delivered');
    expect(progressText({ startCount: 98, remains: null, quantity: 1000 }, 2)).toBe('Started at 98');
  });

  it('Canceled and Refunded show no delivery line (the refund says what came back)', () => {
    expect(progressText({ startCount: 0, remains: 1000, quantity: 1000 }, 3)).toBeNull();
    expect(progressText({ startCount: 1204, remains: 0, quantity: 1000 }, 4)).toBeNull();
  });

  it('the quantity once known, grouped; nothing for none, zero, a negative or unreadable value', () => {
    expect(quantityText({ startCount: 1, remains: 2, quantity: 1000 })).toBe('1,000');
    expect(quantityText({ quantity: '25000' })).toBe('25,000');
    expect(quantityText(null)).toBeNull();
    expect(quantityText({ quantity: 0 })).toBeNull();
    expect(quantityText({ quantity: -5 })).toBeNull();
    expect(quantityText({ quantity: 'lots' })).toBeNull();
    expect(quantityText({ quantity: 2.5 })).toBeNull();
  });
});
