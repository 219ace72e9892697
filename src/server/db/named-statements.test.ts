// The names a pool gives statement texts: one per text, the same each time, lists unnamed, and none past the limit.
import { describe, expect, it } from 'vitest';
import { NAMED_STATEMENTS_LIMIT, statementNames } from './named-statements';

describe('statement names', () => {
  it('give a text the same name each time, and another text another name', () => {
    const names = statementNames();
    const first = names.nameOf('select * from villages where id = $1');
    expect(first).toMatch(/^vikings_\d+$/);
    expect(names.nameOf('select * from villages where id = $1')).toBe(first);
    expect(names.nameOf('select * from villages where id = $2')).not.toBe(first);
  });

  it('leave a statement with a list of parameters unnamed (a text for each length of the list), and name a list of one', () => {
    const names = statementNames();
    expect(names.nameOf('select "id" from "users" where "users"."id" in ($1, $2, $3)')).toBeUndefined();
    expect(names.nameOf('select "id" from "users" where "users"."id" in ($1)')).toMatch(/^vikings_\d+$/);
    expect(names.nameOf('insert into "buildings" ("id", "type") values ($1, $2), ($3, $4)')).toMatch(/^vikings_\d+$/);
  });

  it('stop naming new texts at the limit, and keep the names already given', () => {
    const names = statementNames();
    const kept = names.nameOf('select 1 where $1::int = 1');
    for (let i = names.count; i < NAMED_STATEMENTS_LIMIT; i++) names.nameOf(`select ${i + 2} where $1::int = 1`);
    expect(names.count).toBe(NAMED_STATEMENTS_LIMIT);
    expect(names.nameOf('select -1 where $1::int = 1')).toBeUndefined();
    expect(names.count).toBe(NAMED_STATEMENTS_LIMIT);
    expect(names.nameOf('select 1 where $1::int = 1')).toBe(kept);
  });

  it('are a pool’s own: a new pool starts with none given', () => {
    const first = statementNames();
    for (let i = 0; i < NAMED_STATEMENTS_LIMIT; i++) first.nameOf(`select ${i} where $1::int = 1`);
    const second = statementNames();
    expect(second.count).toBe(0);
    expect(second.nameOf('select -1 where $1::int = 1')).toBe('vikings_0');
  });
});
