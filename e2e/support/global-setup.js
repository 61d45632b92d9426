// Runs once before the specs. In CI (or with REQUIRE_ALL_SUITES=1) a missing browser fails the
// run here; otherwise the browser specs are skipped and suite-reporter.js prints why.
const { allSuitesRequired, findChrome, noBrowserLine } = require('./system');

module.exports = async function globalSetup() {
  if (!findChrome().path && allSuitesRequired()) {
    throw new Error(`${noBrowserLine()}. CI/REQUIRE_ALL_SUITES demands every suite: failing.`);
  }
};
