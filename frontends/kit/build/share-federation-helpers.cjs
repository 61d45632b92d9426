// Runtime plugin of the shell (kit/build/rspack.mjs): puts the shell's copy of the federation
// runtime's stateless helper packages (@module-federation/sdk, @module-federation/error-codes) on the
// global object, where the remotes' remoteEntry.js files find them instead of carrying their own
// copies (their `externals`, FEDERATION_HELPER_GLOBALS). Required, not imported, so that these are the
// CommonJS copies the shell's bundler runtime already uses, not a second (ESM) copy.
// Shell and remotes are built from one install, so the versions match (docs/operations.md).
const helpers = {
  '@module-federation/sdk': require('@module-federation/sdk'),
  '@module-federation/error-codes': require('@module-federation/error-codes'),
};

/** @param {Record<string, string>} globals package -> global name (FEDERATION_HELPER_GLOBALS) */
module.exports = function shareFederationHelpers(globals) {
  for (const [request, name] of Object.entries(globals)) {
    if (!helpers[request]) throw new Error(`share-federation-helpers: no copy of ${request} to share`);
    globalThis[name] = helpers[request];
  }
  return { name: 'share-federation-helpers' };
};
