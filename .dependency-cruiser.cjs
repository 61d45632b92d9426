/**
 * The import rules of docs/architecture.md#boundaries, checked by `npm run lint` (depcruise).
 * A rule's `comment` is what a violation prints: it says which line of the architecture was crossed.
 */
const MODULE = '^backend/src/modules/([^/]+)/';
const FRAMEWORK_NAMES =
  '(@nestjs|typeorm|class-validator|class-transformer|express|multer|bullmq|ioredis|nodemailer|pino|passport[^/]*|razorpay|@electric-sql|pg|reflect-metadata|rxjs)';
/** A framework package, resolved into node_modules or (when it cannot be resolved) by its bare name. */
const FRAMEWORKS = `(^|/)node_modules/${FRAMEWORK_NAMES}/|^${FRAMEWORK_NAMES}(/|$)`;
const REMOTES = '(shell|storefront|account|admin)';
/** The files kit's package.json `exports` names: the only kit files a frontend may import. */
const KIT_ENTRY_FILES = Object.values(require('./frontends/kit/package.json').exports).map(
  (target) => `^frontends/kit/${target.replace(/^\.\//, '').replace(/[.]/g, '\\.')}$`,
);
/** Specs and test support may assemble any pieces; the rules hold for the code that ships. */
const SPECS = '\\.(spec|int-spec|e2e-spec)\\.tsx?$';

/**
 * The backend modules in dependency order: each imports only modules after it, so no two modules
 * import each other, directly or round a ring (docs/architecture.md#boundaries). A rule of its own
 * because dependency-cruiser's `circular` sees cycles of files only, and two modules can import each
 * other through files that form no cycle. A new module takes its place in this list.
 */
const MODULE_ORDER = ['admin', 'reports', 'billing', 'catalogue', 'plans', 'fulfilment', 'subscriptions', 'identity'];

function moduleOrderRules() {
  const comment = (name, later) =>
    `Modules do not import each other (docs/architecture.md#boundaries): ${name} may import only ${later.length ? later.join(', ') : 'no other module'}. Turn the dependency round with a port, or move the code to the module that owns it.`;
  const rules = MODULE_ORDER.map((name, i) => {
    const earlier = MODULE_ORDER.slice(0, i);
    return {
      name: 'no-circular-between-modules',
      comment: comment(name, MODULE_ORDER.slice(i + 1)),
      severity: 'error',
      from: { path: `^backend/src/modules/${name}/`, pathNot: SPECS },
      to: { path: `^backend/src/modules/(${earlier.join('|') || '$^'})/` },
    };
  });
  rules.push({
    name: 'every-module-in-the-order',
    comment: 'A backend module that imports another module takes its place in MODULE_ORDER (.dependency-cruiser.cjs), which keeps modules from importing each other.',
    severity: 'error',
    from: { path: `^backend/src/modules/(?!(?:${MODULE_ORDER.join('|')})/)([^/]+)/`, pathNot: SPECS },
    to: { path: '^backend/src/modules/([^/]+)/', pathNot: '^backend/src/modules/$1/' },
  });
  return rules;
}

module.exports = {
  forbidden: [
    {
      name: 'domain-imports-no-framework',
      comment: "A module's domain/ is plain TypeScript (types and rules): no Nest, TypeORM, class-validator or other framework (docs/architecture.md#rooms).",
      severity: 'error',
      from: { path: `${MODULE}domain/`, pathNot: SPECS },
      to: { path: FRAMEWORKS },
    },
    {
      name: 'domain-imports-no-outer-room',
      comment: "A module's domain/ imports neither application/ nor adapters/ (docs/architecture.md#rooms).",
      severity: 'error',
      from: { path: `${MODULE}domain/`, pathNot: SPECS },
      to: { path: '^backend/src/modules/[^/]+/(application|adapters)/' },
    },
    {
      name: 'domain-imports-no-other-module',
      comment: "A module's domain/ stands alone: another module's types reach it through this module's own application ports (docs/architecture.md#backend-modules).",
      severity: 'error',
      from: { path: `${MODULE}domain/`, pathNot: SPECS },
      to: { path: '^backend/src/modules/([^/]+)/', pathNot: '^backend/src/modules/$1/' },
    },
    {
      name: 'modules-meet-through-exports',
      comment:
        'Modules reach each other only through what a module exports: its application/ (facades and ports), its domain/ types, its Nest module file and its index.ts; never its adapters (HTTP, persistence, outside systems) (docs/architecture.md#backend-modules).',
      severity: 'error',
      from: { path: MODULE, pathNot: SPECS },
      to: {
        path: '^backend/src/modules/([^/]+)/',
        pathNot: ['^backend/src/modules/$1/', '^backend/src/modules/[^/]+/(application/|domain/|[^/]+\\.module\\.ts$|index\\.ts$)'],
      },
    },
    {
      name: 'kernel-depends-on-nothing',
      comment: 'backend/src/kernel holds plain values every domain may use; it imports no module, no platform and no framework (docs/architecture.md#platform).',
      severity: 'error',
      from: { path: '^backend/src/kernel/', pathNot: SPECS },
      to: { path: '^(backend/src/(modules|platform)/|node_modules/)' },
    },
    {
      name: 'platform-knows-no-module',
      comment: 'backend/src/platform is plumbing every module uses; it imports no module (docs/architecture.md#platform).',
      severity: 'error',
      from: { path: '^backend/src/platform/', pathNot: SPECS },
      to: { path: '^backend/src/modules/' },
    },
    {
      name: 'no-remote-imports-another',
      comment:
        'The shell and the remotes are built and deployed apart and meet at run time through Module Federation; shared code goes in kit (docs/architecture.md#frontends).',
      severity: 'error',
      from: { path: `^frontends/${REMOTES}/` },
      to: { path: `^frontends/${REMOTES}/`, pathNot: '^frontends/$1/' },
    },
    {
      name: 'kit-knows-no-app',
      comment: 'kit is shared by every frontend and imports none of them (docs/architecture.md#frontends).',
      severity: 'error',
      from: { path: '^frontends/kit/' },
      to: { path: `^frontends/${REMOTES}/` },
    },
    {
      name: 'kit-through-its-entry-points',
      comment:
        "Frontends import kit through its entry points (the `exports` of kit's package.json, and kit's build helpers), not its src/ files, so kit can change inside (docs/architecture.md#frontends).",
      severity: 'error',
      from: { path: `^frontends/${REMOTES}/` },
      to: { path: '^frontends/kit/', pathNot: [...KIT_ENTRY_FILES, '^frontends/kit/build/'] },
    },
    {
      name: 'backend-and-frontends-apart',
      comment: 'The backend and the frontends share no source file; they meet at the HTTP API.',
      severity: 'error',
      from: { path: '^backend/src/' },
      to: { path: '^frontends/' },
    },
    {
      name: 'contracts-import-nothing',
      comment:
        'contracts/ is plain TypeScript the backend and the frontends share (body types and shared rules): it imports only its own files, no package, no Node built-in, no backend and no frontend (docs/architecture.md#contracts).',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { pathNot: '^contracts/src/' },
    },
    {
      name: 'frontends-reach-contracts-through-kit',
      comment: 'The shell and the remotes read the contracts through kit (`@growth/kit` re-exports them), one way for every app (docs/architecture.md#contracts).',
      severity: 'error',
      from: { path: `^frontends/${REMOTES}/` },
      to: { path: '^contracts/' },
    },
    ...moduleOrderRules(),
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^(backend|contracts|e2e|frontends/[^/]+)/dist/', '^e2e/artifacts/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // '@growth/source': @growth/contracts as its TypeScript source (its dist/ is the backend's build).
      conditionNames: ['@growth/source', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
