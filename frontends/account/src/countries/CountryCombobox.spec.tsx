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
      <output>{value || 'none'}</output>
    </>
  );
}

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
    expect(screen.getByText('DE')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('+49');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('filters as one types, ignoring a leading + and case', () => {
    render(<Harness kind="country" />);
    const input = screen.getByRole('combobox', { name: 'Pick' });
    fireEvent.change(input, { target: { value: 'UNITED' } });
    expect(options()).toEqual(['🏳United Kingdom', '🏳United States']);
    fireEvent.change(input, { target: { value: '+44' } });
    expect(options()).toEqual(['🏳United Kingdom']);
    fireEvent.click(screen.getByRole('option', { name: /United Kingdom/ }));
    expect(screen.getByText('GB')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('United Kingdom');
  });

  it('Escape closes without choosing; no matches says so', () => {
    render(<Harness kind="country" />);
    const input = screen.getByRole('combobox', { name: 'Pick' });
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(screen.getByText('No matches')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('none')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
  });
});
