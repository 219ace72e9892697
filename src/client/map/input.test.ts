// Map keyboard: arrows, WASD, Shift, + and -, Home and Escape turned into camera intents.
import { describe, expect, it } from 'vitest';
import { keyAction } from './input';

const key = (key: string, code = '', extra: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  keyAction({ key, code, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...extra });

describe('keyAction', () => {
  it('moves one tile with arrows and WASD, north being +y', () => {
    expect(key('ArrowUp')).toEqual({ type: 'move', dx: 0, dy: 1 });
    expect(key('ArrowDown')).toEqual({ type: 'move', dx: 0, dy: -1 });
    expect(key('ArrowLeft')).toEqual({ type: 'move', dx: -1, dy: 0 });
    expect(key('ArrowRight')).toEqual({ type: 'move', dx: 1, dy: 0 });
    expect(key('w', 'KeyW')).toEqual({ type: 'move', dx: 0, dy: 1 });
    expect(key('a', 'KeyA')).toEqual({ type: 'move', dx: -1, dy: 0 });
    expect(key('s', 'KeyS')).toEqual({ type: 'move', dx: 0, dy: -1 });
    expect(key('d', 'KeyD')).toEqual({ type: 'move', dx: 1, dy: 0 });
  });

  it('moves five with Shift, also for WASD (whose key is then upper case) and on other layouts', () => {
    expect(key('ArrowRight', 'ArrowRight', { shiftKey: true })).toEqual({ type: 'move', dx: 5, dy: 0 });
    expect(key('W', 'KeyW', { shiftKey: true })).toEqual({ type: 'move', dx: 0, dy: 5 });
    expect(key('z', 'KeyW')).toEqual({ type: 'move', dx: 0, dy: 1 });
  });

  it('zooms with + and -, returns Home, clears with Escape', () => {
    expect(key('+', 'Equal', { shiftKey: true })).toEqual({ type: 'zoom', direction: 'in' });
    expect(key('=', 'Equal')).toEqual({ type: 'zoom', direction: 'in' });
    expect(key('-', 'Minus')).toEqual({ type: 'zoom', direction: 'out' });
    expect(key('Home', 'Home')).toEqual({ type: 'home' });
    expect(key('Escape', 'Escape')).toEqual({ type: 'clear-selection' });
  });

  it('leaves shortcuts of the browser and other keys alone', () => {
    expect(key('ArrowLeft', 'ArrowLeft', { altKey: true })).toBeNull();
    expect(key('d', 'KeyD', { ctrlKey: true })).toBeNull();
    expect(key('-', 'Minus', { metaKey: true })).toBeNull();
    expect(key('x', 'KeyX')).toBeNull();
    expect(key('Enter', 'Enter')).toBeNull();
  });
});
