import { MIGRATIONS } from './migrations';

describe('migrations', () => {
  it('are numbered 1, 2, … without gaps or duplicates', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });
  it('are statements without comments', () => {
    for (const m of MIGRATIONS) for (const s of m.statements) expect(s).toMatch(/^(create|alter|drop|insert|update)\b/i);
  });
});
