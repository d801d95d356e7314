import pg from 'pg';
import { startPostgres } from './postgres';

it('starts a throwaway PostgreSQL that answers queries, and stops it', async () => {
  const server = await startPostgres();
  if (!server) throw new Error('PostgreSQL is not installed (.ci/run installs Debian\'s postgresql)');
  try {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query('select 40 + 2 as n');
    expect(rows[0].n).toBe(42);
    await client.end();
    const other = await server.createDatabase('second');
    expect(other).toMatch(/\/second$/);
  } finally {
    await server.stop();
  }
}, 30_000);
