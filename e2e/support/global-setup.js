// Runs once before the specs. In CI (or with REQUIRE_ALL_SUITES=1) a missing browser fails the
// run here; otherwise the browser specs are skipped and suite-reporter.js prints why. Then it
// prepares the run's seeded template store (system.js prepareRun), which global-teardown.js removes.
const { allSuitesRequired, findChrome, noBrowserLine, prepareRun } = require('./system');

module.exports = async function globalSetup() {
  if (!findChrome().path && allSuitesRequired()) {
    throw new Error(`${noBrowserLine()}. CI/REQUIRE_ALL_SUITES demands every suite: failing.`);
  }
  // Jest's documented way to hand something from globalSetup to globalTeardown: a global.
  /** @type {any} */ (globalThis).__growthE2eRun = await prepareRun();
};
