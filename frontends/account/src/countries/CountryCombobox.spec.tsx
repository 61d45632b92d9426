import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { Country } from '@growth/kit';
import { CountryCombobox } from './CountryCombobox';

const c = (id: string, name: string, calling: string, flag = '🏳'): Country => ({ _id: id, flag, countryName: name, countryCode: id, callingCode: calling });
const countries = [c('DE', 'Germany', '+49'), c('GB', 'United Kingdom', '+44'), c('US', 'United States', '+1')];

function Harness({ kind }: { kind: 'country' | 'calling' }) {
  const [value, setValue] = useState('');
  return (
    <>
      <CountryCombobox id="pick" label="Pick" kind={kind} countries={countries} value={value} onChange={setValue} />
      <output role="status">{value || 'none'}</output>
    </>
  );
}

// jsdom has no canvas: flags fall back to their ISO code.
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];

const chosen = () => screen.getByRole('status').textContent;
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('CountryCombobox', () => {
  it('opens with ArrowDown, lists calling codes with the US first, and picks with Enter', () => {
    render(<Harness kind="calling" />);
    const input = screen.getByRole('combobox', { name: 'Pick' });
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(options()[0]).toContain('+1');
    expect(options()[0]).toContain('United States');
    expect(input.getAttribute('aria-activedescendant')).toBe('pick-option-US');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chosen()).toBe('DE');
    expect((input as HTMLInputElement).value).toBe('+49');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('filters as one types, ignoring a leading + and case', () => {
    render(<Harness kind="country" />);
    const input = screen.getByRole('combobox', { name: 'Pick' });
    fireEvent.change(input, { target: { value: 'UNITED' } });
    expect(options()).toEqual(['GBUnited Kingdom', 'USUnited States']);
    fireEvent.change(input, { target: { value: '+44' } });
    expect(options()).toEqual(['GBUnited Kingdom']);
    fireEvent.click(screen.getByRole('option', { name: /United Kingdom/ }));
    expect(chosen()).toBe('GB');
    expect((input as HTMLInputElement).value).toBe('United Kingdom');
  });

  it('Escape closes without choosing; no matches says so', () => {
    render(<Harness kind="country" />);
    const input = screen.getByRole('combobox', { name: 'Pick' });
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(screen.getByText('No matches')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(chosen()).toBe('none');
    expect((input as HTMLInputElement).value).toBe('');
  });
});
