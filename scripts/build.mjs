// Builds the web app (vite, into dist/web), the server (tsc, into dist/server and beside it) and
// the connector (one file, dist/connector/passwatch-connector.mjs).
//
//   node scripts/build.mjs               builds both (`npm run build`, for deployments and tests)
//   node scripts/build.mjs --if-changed  builds only the parts whose inputs changed (`npm start`)
//
// "Changed" is a SHA-256 over the part's input files (path and content), stored after a successful
// build in dist/.build-inputs.json, so a second start with the same sources builds nothing. Output
// stays quiet: one line per step, and the tools' own output only for warnings and errors.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const STAMP = 'dist/.build-inputs.json';
/** Shared by both parts: a dependency or an override that changes may change either output. */
const DEPENDENCIES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];

const PARTS = [
  {
    name: 'web app',
    inputs: ['src/web', 'src/shared', 'vite.config.ts', 'build', 'tsconfig.web.json', ...DEPENDENCIES],
    output: 'dist/web/index.html',
    command: ['npx', 'vite', 'build', '--logLevel', 'warn'],
  },
  {
    name: 'server',
    inputs: ['src/server', 'src/shared', 'src/simulators', 'tsconfig.server.json', ...DEPENDENCIES],
    output: 'dist/server/main.js',
    command: ['npx', 'tsc', '-p', 'tsconfig.server.json'],
  },
  {
    name: 'connector',
    inputs: ['connector', 'src/shared/api/connector-snapshot.ts', 'src/shared/api/text-fields.ts', ...DEPENDENCIES],
    output: 'dist/connector/passwatch-connector.mjs',
    command: ['npx', 'vite', 'build', '--config', 'connector/vite.config.ts'],
  },
];

/** Tests are in neither output (tsconfig.server.json excludes them; vite bundles only what is imported). */
const isTestFile = (file) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test-support');

async function filesOf(input) {
  if (!existsSync(input)) return [];
  const entries = await readdir(input, { recursive: true, withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOTDIR') return null;
    throw error;
  });
  if (entries === null) return [input];
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !isTestFile(file));
}

async function inputsHash(inputs) {
  const files = (await Promise.all(inputs.map(filesOf))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

async function readStamp() {
  try {
    return JSON.parse(await readFile(STAMP, 'utf8'));
  } catch {
    return {};
  }
}

/** Runs a build tool; its output passes through (the tools print only warnings and errors here). */
function run([command, ...args]) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`))));
  });
}

async function main() {
  const onlyChanged = process.argv.includes('--if-changed');
  const log = (line) => console.log(`[build] ${line}`);
  const stamp = await readStamp();
  const skipped = [];
  for (const part of PARTS) {
    const hash = await inputsHash(part.inputs);
    if (onlyChanged && stamp[part.name] === hash && existsSync(part.output)) {
      skipped.push(part.name);
      continue;
    }
    const reason = !onlyChanged ? 'full build' : existsSync(part.output) ? 'its sources changed since the last build' : 'not built yet';
    log(`building the ${part.name} (${reason})...`);
    const startedAt = Date.now();
    // The stamp is cleared first: a build cut off half-way must not count as built next time.
    delete stamp[part.name];
    await mkdir('dist', { recursive: true });
    await writeFile(STAMP, JSON.stringify(stamp, null, 2));
    await run(part.command);
    stamp[part.name] = hash;
    await writeFile(STAMP, JSON.stringify(stamp, null, 2));
    log(`${part.name} built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  }
  if (skipped.length > 0) log(`${skipped.join(' and ')} unchanged since the last build`);
}

main().catch((error) => {
  console.error(`[build] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
