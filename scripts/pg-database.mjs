// node scripts/pg-database.mjs create|drop NAME — makes or removes a database on the
// server of ADMIN_DATABASE_URL (CI uses it for a fresh database per run).
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: node scripts/pg-database.mjs create|drop name (lower-case letters, digits, _)');
  process.exit(2);
}
const client = new pg.Client({ connectionString: process.env.ADMIN_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' });
await client.connect();
try {
  if (action === 'create') await client.query(`create database "${name}"`);
  else await client.query(`drop database if exists "${name}" with (force)`);
} finally {
  await client.end();
}
