// The names given to statement texts: one per text, the same in every connection, and none past the limit.
import { describe, expect, it } from 'vitest';
import { NAMED_STATEMENTS_LIMIT, namedStatementCount, statementName } from './named-statements';

describe('statement names', () => {
  it('give a text the same name each time, and another text another name', () => {
    const first = statementName('select * from villages where id = $1');
    expect(first).toMatch(/^vikings_\d+$/);
    expect(statementName('select * from villages where id = $1')).toBe(first);
    expect(statementName('select * from villages where id = $2')).not.toBe(first);
  });

  it('leave a statement with a list of parameters unnamed (a text for each length of the list), and name a list of one', () => {
    expect(statementName('select "id" from "users" where "users"."id" in ($1, $2, $3)')).toBeUndefined();
    expect(statementName('select "id" from "users" where "users"."id" in ($1)')).toMatch(/^vikings_\d+$/);
    expect(statementName('insert into "buildings" ("id", "type") values ($1, $2), ($3, $4)')).toMatch(/^vikings_\d+$/);
  });

  it('stop naming new texts at the limit, and keep the names already given', () => {
    const kept = statementName('select 1 where $1::int = 1');
    for (let i = namedStatementCount(); i < NAMED_STATEMENTS_LIMIT; i++) statementName(`select ${i} where $1::int = 1`);
    expect(namedStatementCount()).toBe(NAMED_STATEMENTS_LIMIT);
    expect(statementName('select -1 where $1::int = 1')).toBeUndefined();
    expect(namedStatementCount()).toBe(NAMED_STATEMENTS_LIMIT);
    expect(statementName('select 1 where $1::int = 1')).toBe(kept);
  });
});
