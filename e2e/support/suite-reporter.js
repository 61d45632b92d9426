// After Jest's summary: which real services the whole-system specs used, and — when so — the one
// line saying the browser specs did not run, so a run without Chromium never passes silently.
const { findChrome, noBrowserLine } = require('./system');

class SuiteReporter {
  onRunComplete() {
    const chrome = findChrome();
    const database = process.env.DATABASE_URL ? 'PostgreSQL (a fresh database per spec file)' : 'PGlite (a fresh DATA_DIR per spec file)';
    const queue = process.env.REDIS_URL ? 'BullMQ on Redis' : 'in-process queue';
    process.stdout.write(`\ne2e ran against the built server with ${database}, ${queue}, browser: ${chrome.path ?? 'none'}\n`);
    if (!chrome.path) process.stdout.write(`${noBrowserLine()}\n`);
  }
}

module.exports = SuiteReporter;
