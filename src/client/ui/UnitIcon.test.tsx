// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { UNIT_TYPES } from '../../rules/units';
import { UnitIcon, UnitName, unitIconUrl } from './UnitIcon';

afterEach(cleanup);

describe('UnitIcon', () => {
  it('has a bundled picture of its own for every unit type', () => {
    const urls = UNIT_TYPES.map((type) => unitIconUrl(type));
    for (const [i, url] of urls.entries()) expect(url, UNIT_TYPES[i]).toMatch(/\.svg/);
    expect(new Set(urls).size).toBe(UNIT_TYPES.length);
    expect(unitIconUrl('dragon')).toBeUndefined();
  });

  it('draws the picture as decoration, hidden from screen readers', () => {
    const { container } = render(<UnitIcon type="berserker" size={32} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(unitIconUrl('berserker'));
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('aria-hidden')).toBe('true');
    expect(img.getAttribute('width')).toBe('32');
    expect(img.classList.contains('type-icon')).toBe(true);
  });

  it('falls back to the first letter of the unit’s name when the picture fails to load', () => {
    const { container } = render(<UnitIcon type="viking_raider" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    const letter = container.querySelector('.art-icon--letter')!;
    expect(letter.textContent).toBe('V');
    expect(letter.getAttribute('aria-hidden')).toBe('true');
  });

  it('puts the picture before the name without changing the words', () => {
    const { container } = render(<UnitName type="mounted_jarl" />);
    expect(container.textContent).toBe('Mounted Jarl');
    expect(container.querySelector('.icon-label > img')?.getAttribute('src')).toBe(unitIconUrl('mounted_jarl'));
  });
});
