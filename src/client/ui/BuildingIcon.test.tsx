// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { BUILDING_TYPES } from '../../rules/buildings';
import { BuildingIcon, BuildingName, buildingIconUrl } from './BuildingIcon';

afterEach(cleanup);

describe('BuildingIcon', () => {
  it('has a bundled picture of its own for every building type, fields included', () => {
    const urls = BUILDING_TYPES.map((type) => buildingIconUrl(type));
    for (const [i, url] of urls.entries()) expect(url, BUILDING_TYPES[i]).toMatch(/\.svg/);
    expect(new Set(urls).size).toBe(BUILDING_TYPES.length);
    expect(buildingIconUrl('castle')).toBeUndefined();
  });

  it('draws the picture as decoration, hidden from screen readers', () => {
    const { container } = render(<BuildingIcon type="granary" size={20} className="building-glyph" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(buildingIconUrl('granary'));
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('aria-hidden')).toBe('true');
    expect(img.getAttribute('height')).toBe('20');
    expect(img.className).toBe('type-icon building-glyph');
  });

  it('falls back to the first letter of the building’s name when the picture fails to load', () => {
    const { container } = render(<BuildingIcon type="great_hall" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('G');
  });

  it('puts the picture before the name without changing the words', () => {
    const { container } = render(<BuildingName type="timber_camp" />);
    expect(container.textContent).toBe('Timber Camp');
    expect(container.querySelector('.icon-label > img')?.getAttribute('src')).toBe(buildingIconUrl('timber_camp'));
  });
});
