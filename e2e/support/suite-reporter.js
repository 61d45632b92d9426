// Prints, after Jest's summary, the one line saying the browser specs did not run (when so),
// so a run without Chromium can never pass silently.
const { findChrome, noBrowserLine } = require('./system');

class SuiteReporter {
  onRunComplete() {
    if (!findChrome().path) process.stdout.write(`\n${noBrowserLine()}\n`);
  }
}

module.exports = SuiteReporter;
