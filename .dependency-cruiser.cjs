// The layers of docs/architecture.md, checked on the file each import resolves to (not on its
// text), with type-only imports counted: `npm run deps`, and a step of `npm test`.
// test/architecture/layers.test.ts probes every rule at the depth the code lives at.

/** A folder and everything under it. */
const under = (...folders) => `^(${folders.join('|')})/`;

/** `from` may not depend on any of `to`. */
function layer(name, from, to, comment) {
  return { name, comment, severity: 'error', from: { path: from }, to: { path: to } };
}

const nodeOnly = ['electron', 'better-sqlite3-multiple-ciphers'];

/** The backend's domains, each a folder of src-main/core. */
const CORE_DOMAINS = ['leave', 'calendar', 'trainings', 'forms', 'notifications', 'people', 'session'];

/** No Node built-in module and none of `packages` from `from`. */
function noPlatform(what, from, packages, comment) {
  return [
    {
      name: `${what}-has-no-node`,
      comment,
      severity: 'error',
      from: { path: from },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: `${what}-has-no-native`,
      comment,
      severity: 'error',
      from: { path: from },
      to: { path: `node_modules/(${packages.join('|')})/` },
    },
  ];
}

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No import cycle, type-only imports included: every folder has one order.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-resolvable',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },

    // The programs: renderer → shared ← main/core ← main/launch ← main/electron, main/web;
    // server → shared; main/core and server → node.
    layer('shared-is-pure', under('src-shared'), under('src-main', 'src-server', 'src-renderer', 'src-node')),
    ...noPlatform(
      'shared',
      under('src-shared'),
      [...nodeOnly, 'react'],
      'src-shared runs in the renderer and under Node.',
    ),
    layer('renderer-is-a-page', under('src-renderer'), under('src-main', 'src-server', 'src-node')),
    ...noPlatform('renderer', under('src-renderer'), nodeOnly, 'The renderer reaches the backend through its bridge.'),
    {
      name: 'renderer-has-no-holiday-tables',
      comment:
        'Working days and holidays are counted by the backend (leave.preview); the tables stay out of the bundle.',
      severity: 'error',
      from: { path: under('src-renderer') },
      to: { path: 'node_modules/date-holidays/', reachable: true },
    },
    layer('node-is-beneath', under('src-node'), under('src-main', 'src-server', 'src-renderer')),
    layer(
      'core-knows-no-host',
      under('src-main/core'),
      under('src-main/electron', 'src-main/web', 'src-main/launch', 'src-server', 'src-renderer'),
    ),
    layer('launch-knows-no-host', under('src-main/launch'), under('src-main/electron', 'src-main/web', 'src-renderer')),
    layer('web-is-not-electron', under('src-main/web'), under('src-main/electron', 'src-renderer')),
    layer('electron-is-not-web', under('src-main/electron'), under('src-main/web', 'src-renderer')),
    layer('server-is-its-own', under('src-server'), under('src-main', 'src-renderer')),
    {
      name: 'shared-through-its-alias',
      comment: 'Every program imports the contract as @shared/…, as the renderer does: no path four folders up.',
      severity: 'error',
      from: { path: under('src-main', 'src-server', 'src-node', 'src-renderer') },
      to: { path: under('src-shared'), dependencyTypesNot: ['aliased-tsconfig'] },
    },

    // Inside the backend (src-main/core), a folder per domain as in the service: each holds its
    // handlers, its pull, its kinds of change and its store. app/ assembles them and sync/ keeps
    // the registries of pulls and change kinds; no folder reads another domain's store.
    {
      name: 'domain-store-is-its-own',
      comment: "A domain's store (<domain>Store.ts) is read and written by its own domain only.",
      severity: 'error',
      from: { path: '^src-main/core/([^/]+)/' },
      to: {
        path: `^src-main/core/(${CORE_DOMAINS.join('|')})/[^/]*Store[.]ts$`,
        pathNot: '^src-main/core/$1/',
      },
    },
    {
      name: 'domains-meet-through-app-and-sync',
      comment:
        'A domain knows the backend (app, sync, cache, api) but no other domain: what two share belongs in src-shared or in one of them.',
      severity: 'error',
      from: { path: `^src-main/core/(${CORE_DOMAINS.join('|')})/` },
      to: { path: `^src-main/core/(${CORE_DOMAINS.join('|')})/`, pathNot: '^src-main/core/$1/' },
    },
    layer(
      'cache-is-generic',
      under('src-main/core/cache'),
      under(...CORE_DOMAINS.map((d) => `src-main/core/${d}`)),
      'The cache holds the connection, migrations and row helpers; what a domain stores is in its store.',
    ),
    {
      name: 'electron-only-in-its-host',
      comment: 'Only src-main/electron (and the desktop scripts) may load Electron.',
      severity: 'error',
      from: {
        path: under(
          'src-main/core',
          'src-main/launch',
          'src-main/web',
          'src-server',
          'src-node',
          'test',
          'scripts',
          'bench',
        ),
      },
      // Its package.json (the version a rebuild targets) is data, not Electron.
      to: { path: 'node_modules/electron/(?!package[.]json$)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'sqlite-opened-in-one-place',
      comment: 'SQLite is opened and migrated by src-node/sqlite; elsewhere only its types.',
      severity: 'error',
      from: { path: under('src-main', 'src-server') },
      to: { path: 'node_modules/better-sqlite3-multiple-ciphers/', dependencyTypesNot: ['type-only'] },
    },

    // Inside src-shared, from the bottom: wire (the contract's shapes) ← calendar ← rules ← records ← appApi.
    layer('wire-is-the-bottom', under('src-shared/wire'), under('src-shared/(calendar|rules|records|appApi)')),
    layer('calendar-above-wire', under('src-shared/calendar'), under('src-shared/(rules|records|appApi)')),
    layer('rules-below-records', under('src-shared/rules'), under('src-shared/(records|appApi)')),
    layer('records-below-appApi', under('src-shared/records'), under('src-shared/appApi')),
    // holidays/ (working days, leave days and balances: what reads the holiday tables) is the shared
    // layer's Node-only part, above the rest of it; the renderer asks the backend instead.
    layer('holidays-on-top', under('src-shared/(wire|calendar|rules|records|appApi)'), under('src-shared/holidays')),
    layer(
      'renderer-has-no-holidays',
      under('src-renderer'),
      under('src-shared/holidays'),
      'Working days and balances are counted by the backend (leave.preview, leave.balances).',
    ),

    // Inside the renderer: the kit knows no feature, state or bridge; state knows no view; the bridge
    // knows only the contract; features know no frame.
    layer('kit-knows-no-feature', under('src-renderer/components'), under('src-renderer/(features|app|state|bridge)')),
    layer('state-knows-no-view', under('src-renderer/state'), under('src-renderer/(features|app|components)')),
    layer('bridge-is-transport', under('src-renderer/bridge'), under('src-renderer/(features|app|components|state)')),
    layer('features-know-no-frame', under('src-renderer/features'), under('src-renderer/app')),
    {
      name: 'feature-through-its-index',
      comment:
        'A feature is used from outside through its index.ts, which says what it offers (and atStart.ts, what of it the page shows before anyone signs in).',
      severity: 'error',
      from: { path: '^src-renderer/(?!features/)' },
      to: { path: '^src-renderer/features/[^/]+/', pathNot: '^src-renderer/features/[^/]+/(index|atStart)[.]ts$' },
    },
    {
      name: 'features-meet-at-their-index',
      comment: "One feature uses another through the other's index.ts.",
      severity: 'error',
      from: { path: '^src-renderer/features/([^/]+)/' },
      to: {
        path: '^src-renderer/features/[^/]+/',
        pathNot: ['^src-renderer/features/$1/', '^src-renderer/features/[^/]+/index[.]ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(out|dist|test-results)/' },
    tsPreCompilationDeps: true,
    // The renderer's aliases (@shared, @renderer) are tsconfig paths.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
