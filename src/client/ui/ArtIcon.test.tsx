// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { ArtIcon, artUrl } from './ArtIcon';

afterEach(cleanup);

const ICONS = [
  'heroes/warrior.svg',
  'heroes/guardian.svg',
  'heroes/pathfinder.svg',
  'heroes/chieftain.svg',
  'heroes/skald.svg',
  'wonders/yggdrasil.svg',
  'wonders/valhalla.svg',
  'wonders/bifrost.svg',
  'wonders/mimirs_well.svg',
  'wonders/odins_throne.svg',
];

describe('ArtIcon', () => {
  it('finds a bundled picture for every hero and wonder type the server names', () => {
    for (const icon of ICONS) expect(artUrl(icon), icon).toMatch(/\.svg/);
    expect(artUrl('heroes/berserker.svg')).toBeUndefined();
  });

  it('draws the picture as decoration', () => {
    const { container } = render(<ArtIcon icon="heroes/warrior.svg" name="Warrior" size={40} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(artUrl('heroes/warrior.svg'));
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('width')).toBe('40');
  });

  it('falls back to the first letter of the name when the picture is missing or fails to load', () => {
    const missing = render(<ArtIcon icon="heroes/berserker.svg" name="berserker" />);
    expect(missing.container.querySelector('img')).toBeNull();
    expect(missing.container.textContent).toBe('B');
    missing.unmount();

    const broken = render(<ArtIcon icon="wonders/bifrost.svg" name="Bifröst" />);
    fireEvent.error(broken.container.querySelector('img')!);
    expect(broken.container.querySelector('img')).toBeNull();
    expect(broken.container.textContent).toBe('B');
  });
});
