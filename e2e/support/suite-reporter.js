// After Jest's summary: which real services the whole-system specs used, and — when so — the one
// line saying the browser specs did not run, so a run without Chromium never passes silently (the
// same for the compose spec's CLI checks without a Compose CLI).
const { findChrome, findComposeCli, noBrowserLine, noComposeLine } = require('./system');

class SuiteReporter {
  /**
   * @param {unknown} _contexts
   * @param {{ testResults?: { testFilePath: string }[] }} [results]
   */
  onRunComplete(_contexts, results) {
    const chrome = findChrome();
    const database = process.env.DATABASE_URL ? 'PostgreSQL (a database of its own per spec file)' : 'PGlite (a DATA_DIR of its own per spec file)';
    const queue = process.env.REDIS_URL ? 'BullMQ on Redis' : 'in-process queue';
    process.stdout.write(`\ne2e ran against the built server with ${database}, ${queue}, browser: ${chrome.path ?? 'none'}\n`);
    if (!chrome.path) process.stdout.write(`${noBrowserLine()}\n`);
    const composeSpecRan = (results?.testResults ?? []).some((r) => /compose\.e2e-spec\.ts$/.test(r.testFilePath));
    if (composeSpecRan && !findComposeCli().cli) process.stdout.write(`${noComposeLine()}\n`);
  }
}

module.exports = SuiteReporter;
