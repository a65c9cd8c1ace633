import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SearchableSelect } from './SearchableSelect';

afterEach(cleanup);

const COUNTRIES = [
  { value: 'at', label: 'Austria' },
  { value: 'ci', label: 'Côte d’Ivoire' },
  { value: 'fr', label: 'France' },
  { value: 'pf', label: 'French Polynesia', disabled: true },
];

function Country() {
  const [value, setValue] = useState('at');
  return (
    <>
      <SearchableSelect
        label="Country"
        value={value}
        onValueChange={setValue}
        options={COUNTRIES}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const open = () => fireEvent.click(screen.getByRole('button', { name: 'Country' }));
const search = () => screen.getByRole('combobox', { name: 'Search country' });

describe('SearchableSelect (the Combobox)', () => {
  it('narrows by typing, accents ignored, names starting with the text first; Enter chooses', () => {
    render(<Country />);
    open();
    fireEvent.change(search(), { target: { value: 'cote' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Côte d’Ivoire']);
    fireEvent.change(search(), { target: { value: 'fr' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'France',
      'French Polynesia',
    ]);
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('fr');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('starts on the current choice, moves with the arrows and refuses a disabled option', () => {
    render(<Country />);
    open();
    expect(search().getAttribute('aria-activedescendant')).toMatch(/-0$/);
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    // Held at the last option, French Polynesia, which cannot be chosen.
    expect(search().getAttribute('aria-activedescendant')).toMatch(/-3$/);
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('at');
    fireEvent.keyDown(search(), { key: 'ArrowUp' });
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('fr');
  });

  it('says when nothing matches', () => {
    render(<Country />);
    open();
    fireEvent.change(search(), { target: { value: 'zz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No match')).toBeTruthy();
  });
});
