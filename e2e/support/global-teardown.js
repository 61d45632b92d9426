// Runs once after the specs: drops the databases the spec files left to the run's end and the
// seeded template (system.js prepareRun).
module.exports = async function globalTeardown() {
  await /** @type {any} */ (globalThis).__growthE2eRun?.finish();
};
