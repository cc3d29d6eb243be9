/**
 * The allowed imports of docs/architecture.md §Allowed imports, checked by `npm run lint`.
 * Each rule is an error: a new import that breaks one fails the lint.
 */

// Server feature modules: other modules use them only through their public file, index.ts.
// Infrastructure (db/, http/, crypto/, jobs/, lifecycle/, metrics/, test-support/, types/, clock.ts,
// config.ts) is not listed and may be imported directly.
const FEATURE_MODULES = [
  'account',
  'account-mail',
  'admin',
  'audit',
  'auth',
  'automation',
  'billing',
  'configuration',
  'dashboard',
  'data-export',
  'demo',
  'directory',
  'entra-consent',
  'integrations/graph',
  'integrations/paypal',
  'mail',
  'notifications',
  'on-premises',
  'reminder-policy',
  'reminder-recipients',
  'sign-in',
  'template-languages',
  'teams',
  'tenants',
  'users',
];
const FEATURE = `(?:${FEATURE_MODULES.join('|')})`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      // A cycle made only of `import type` edges is exempt: verbatimModuleSyntax erases those imports,
      // so they cannot change load order (the Graph simulator's state type names its parts' types,
      // whose functions take the state).
      comment: 'Import cycles at run time: dependencies flow one way.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'shared-stays-shared',
      comment: 'src/shared runs in the server and the browser: it imports neither side nor the simulators.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web|simulators)/' },
    },
    {
      name: 'simulators-stand-alone',
      comment: 'The simulators share only the wire format with our clients, so they import nothing from the app.',
      severity: 'error',
      from: { path: '^src/simulators/' },
      to: { path: '^src/(server|web|shared)/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web app talks to the server over HTTP only.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      comment: 'The server only serves the built web files; it imports no web code.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'connector-takes-only-the-wire',
      comment: 'The connector ships as one file on a customer server: from the app it takes only the wire contract and the text rules it uses (docs/connector.md).',
      severity: 'error',
      from: { path: '^connector/', pathNot: '^connector/test/' },
      to: { path: '^(src|e2e|bench|build|scripts)/', pathNot: '^src/shared/api/(connector-snapshot|text-fields)\\.ts$' },
    },
    {
      name: 'app-not-connector',
      comment: 'The connector is a separate program; the app talks to it over the wire only.',
      severity: 'error',
      from: { path: '^(src|e2e|bench|build|scripts)/' },
      to: { path: '^connector/' },
    },
    {
      name: 'module-through-public-file',
      comment:
        "A server feature module is used by other modules only through its index.ts. Its own files (tests and test-support included) may reach its internals; another module's test-support/ is open to tests.",
      severity: 'error',
      from: { path: '^src/server/((?:integrations/)?[^/]+)/' },
      to: {
        path: `^src/server/${FEATURE}/`,
        pathNot: ['^src/server/$1/', `^src/server/${FEATURE}/index\\.ts$`, `^src/server/${FEATURE}/test-support/`],
      },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Test helpers (test-support/, *.test.ts) are open to tests and other test helpers only.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['\\.test\\.tsx?$', '/test-support(/|\\.ts$)'] },
      to: { path: ['\\.test\\.tsx?$', '/test-support(/|\\.ts$)'] },
    },
    {
      name: 'entry-points-through-public-files',
      comment: 'app.ts, main.ts and the other top-level server files use feature modules only through their index.ts.',
      severity: 'error',
      from: { path: '^src/server/[^/]+\\.ts$' },
      to: {
        path: `^src/server/${FEATURE}/`,
        pathNot: `^src/server/${FEATURE}/index\\.ts$`,
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
