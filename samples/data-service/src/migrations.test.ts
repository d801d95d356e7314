import { MIGRATIONS, splitSql } from './migrations';

describe('migrations', () => {
  it('are numbered 1, 2, … without gaps or duplicates', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });
  it('split into statements without comments', () => {
    expect(splitSql('create table a (x int);\n-- a comment; with a semicolon\ncreate index b on a (x);\n')).toEqual(['create table a (x int)', 'create index b on a (x)']);
    for (const m of MIGRATIONS) for (const s of splitSql(m.sql)) expect(s).toMatch(/^(create|alter|drop|insert|update)\b/i);
  });
});
