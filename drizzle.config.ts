import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes a SQL migration for a change to server/db/tables.ts; commit it. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/tables.ts',
  out: './server/db/migrations',
});
