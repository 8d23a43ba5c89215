import { dropEndedDatabases } from './template-db.js';

// vitest's global setup of the server and e2e projects: nothing before the run; after it, once its workers have
// exited, the PostgreSQL databases they made are dropped, so a run leaves the server as it found it.
export async function teardown(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) await dropEndedDatabases(serverUrl);
}
