import { appErrorOf } from '../../../../test/support/app-error';
import { LOGO_EMPTY, LOGO_TOO_LARGE, LOGO_WRONG_TYPE, MAX_LOGO_BYTES, sniffLogoType, storedLogoOf } from './logo-image';

const bytes = (...values: number[]) => Uint8Array.from(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0);
const WEBP = Uint8Array.from(Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]));
const GIF = Uint8Array.from(Buffer.from('GIF89a\x01\x00\x01\x00'));
/** What a file named logo.png declared as image/png may really hold. */
const TEXT_NAMED_PNG = Uint8Array.from(Buffer.from('This is not an image, just a text file called logo.png\n'));

const failure = appErrorOf;

describe('sniffLogoType', () => {
  it.each([
    ['PNG', PNG, 'png'],
    ['JPEG', JPEG, 'jpeg'],
    ['WebP', WEBP, 'webp'],
    ['GIF', GIF, null],
    ['a text file named logo.png', TEXT_NAMED_PNG, null],
    ['a RIFF that is not WebP (WAVE)', Uint8Array.from(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ')), null],
    ['a truncated PNG signature', PNG.subarray(0, 7), null],
    ['a truncated WebP header', WEBP.subarray(0, 11), null],
    ['nothing', new Uint8Array(0), null],
  ])('%s → %s', (_name, input, type) => {
    expect(sniffLogoType(input)).toBe(type);
  });
});

describe('storedLogoOf', () => {
  it('stores PNG and JPEG as bare base64, like the seeded logos (JPEG starts with /9j/)', () => {
    expect(storedLogoOf(PNG)).toBe(Buffer.from(PNG).toString('base64'));
    expect(storedLogoOf(PNG).startsWith('iVBORw0KGgo')).toBe(true);
    expect(storedLogoOf(JPEG).startsWith('/9j/')).toBe(true);
  });

  it('stores WebP as a data URL, which the storefront passes through as it is', () => {
    expect(storedLogoOf(WEBP)).toBe(`data:image/webp;base64,${Buffer.from(WEBP).toString('base64')}`);
  });

  it.each([
    ['GIF', GIF],
    ['a text file named logo.png', TEXT_NAMED_PNG],
  ])('refuses %s with 400 and the admin text', (_name, input) => {
    expect(failure(() => storedLogoOf(input))).toMatchObject({ kind: 'invalid', message: LOGO_WRONG_TYPE });
  });

  it('refuses zero bytes (400)', () => {
    expect(failure(() => storedLogoOf(new Uint8Array(0)))).toMatchObject({ kind: 'invalid', message: LOGO_EMPTY });
  });

  it('takes exactly 1 MiB and refuses one byte more (413)', () => {
    const exact = new Uint8Array(MAX_LOGO_BYTES);
    exact.set(PNG);
    expect(storedLogoOf(exact).length).toBeGreaterThan(MAX_LOGO_BYTES);
    const over = new Uint8Array(MAX_LOGO_BYTES + 1);
    over.set(PNG);
    expect(failure(() => storedLogoOf(over))).toMatchObject({ kind: 'too_large', message: 'The logo must be at most 1 MiB.' });
    expect(LOGO_TOO_LARGE).toBe('The logo must be at most 1 MiB.');
  });

  it('reads only the view it is given (a slice of a larger buffer)', () => {
    const pool = Buffer.concat([Buffer.from('garbage'), Buffer.from(PNG)]);
    const view = pool.subarray(7);
    expect(storedLogoOf(view)).toBe(Buffer.from(PNG).toString('base64'));
  });
});
