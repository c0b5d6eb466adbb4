import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes a SQL migration for a change to server/db/schema.ts; commit it. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
