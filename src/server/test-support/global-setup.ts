import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a PostgreSQL server where tests may create databases. */
    testPostgresUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole test run (TEST_DATABASE_URL, or an embedded one in a
 * temporary folder). Each test file creates its own database on it, so files run in parallel.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('testPostgresUrl', external);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'passwatch-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: 0 });
  project.provide('testPostgresUrl', server.adminUrl);
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
