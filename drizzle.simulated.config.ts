import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate:simulated` writes a SQL migration for a change to server/providers/simulated/tables.ts (the
 * simulated gateways' own tables, in the `simulated` schema, kept apart from the production schema); commit it.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/providers/simulated/tables.ts',
  out: './server/providers/simulated/migrations',
  schemaFilter: ['simulated'],
  migrations: { schema: 'simulated', table: '__drizzle_migrations' },
});
