// CI's overall closing lines: `node tests-summary.mjs REPORT.json...` prints
//   tests: N passed, N failed, N skipped
//   failed: <file> > <test>      (each failure outside the real-server files, which
//     <its first lines>           server-summary.mjs names per server)
// over vitest JSON reports. An empty report (its run never finished) counts as one failure.
import { readFileSync, statSync } from 'node:fs'
import { failureOf, realServerFile } from './server-summary.mjs'

/** The counts of `reports` (parsed, or `undefined` for an empty one) and their failures outside the real-server files. */
export function totals(reports) {
  const total = { passed: 0, failed: 0, skipped: 0, failures: [] }
  for (const report of reports) {
    if (report === undefined) {
      total.failed++
      continue
    }
    total.passed += report.numPassedTests
    total.failed += report.numFailedTests
    total.skipped += report.numPendingTests + report.numTodoTests
    for (const file of report.testResults ?? []) {
      if (realServerFile.test(file.name)) continue
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed') total.failures.push(failureOf(file, test))
      }
    }
  }
  return total
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const paths = process.argv.slice(2)
  const reports = paths.map((path) =>
    statSync(path).size === 0 ? undefined : JSON.parse(readFileSync(path, 'utf8')),
  )
  const { passed, failed, skipped, failures } = totals(reports)
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
  for (const { test, message } of failures) {
    console.log(`failed: ${test}`)
    for (const line of message) console.log(`    ${line}`)
  }
}
