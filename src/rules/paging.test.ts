import { describe, expect, it } from 'vitest';
import { pageWindow } from './paging';

describe('pageWindow', () => {
  it('starts the first page at the first row', () => {
    expect(pageWindow({ page: 1, limit: 20 })).toEqual({ limit: 20, offset: 0 });
  });
  it('skips the rows of the pages before', () => {
    expect(pageWindow({ page: 3, limit: 25 })).toEqual({ limit: 25, offset: 50 });
  });
  it('stays a safe integer at the largest page and size the contract admits', () => {
    const { offset } = pageWindow({ page: 10_000, limit: 100 });
    expect(offset).toBe(999_900);
    expect(Number.isSafeInteger(offset)).toBe(true);
  });
});
