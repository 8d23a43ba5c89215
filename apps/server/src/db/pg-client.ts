import pg from 'pg';

// One connection of its own, outside the app's pool, for work around it (creating or dropping a schema or a
// database, resetting a test database): connected, handed to `fn`, and ended whatever `fn` does.
export async function withPgClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
