// CI's closing lines per real server: `node server-summary.mjs REPORT.json ENV_FILE` prints
//   server <version>: N passed, N failed, N skipped
//   server <version> lacks: <operation>, ...
//   server <version> failed: <file> > <test>      (one line per failure)
//     <the first lines of its failure message>
// counting the real-server test files of a vitest JSON report (ENV_FILE is the one
// tooling/real-server/up wrote: it names the version). A test skipped on a server says why in
// its title, `[server lacks <operation>]` (tooling/vitest/real-server.ts `requires`), the only
// way to skip one.
import { readFileSync } from 'node:fs'

export const realServerFile = /\/(?:packages|apps)\/[^/]+\/test\/|\/tooling\/real-server\/test\//
const lacksTitle = /\[server lacks ([^\]]+)\]$/

/** The counts and lacking operations of the real-server files of `report`. */
export function summarize(report) {
  const counts = { passed: 0, failed: 0, skipped: 0 }
  const lacks = new Set()
  const failures = []
  for (const file of report.testResults ?? []) {
    if (!realServerFile.test(file.name)) continue
    let failedHere = 0
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed') counts.passed++
      else if (test.status === 'failed') {
        failedHere++
        failures.push(failureOf(file, test))
      } else counts.skipped++
      // `requires` marks the test's title, or that of the describe block it wraps.
      for (const title of [test.title, ...(test.ancestorTitles ?? [])]) {
        const lacking = lacksTitle.exec(title ?? '')
        if (lacking !== null) lacks.add(lacking[1])
      }
    }
    // A file that failed outside its tests (an import, a hook) counts as one failure.
    if (failedHere === 0 && file.status === 'failed')
      failures.push({
        test: `${shortName(file.name)} (outside its tests)`,
        message: firstLines(file.message),
      })
    counts.failed += failedHere > 0 ? failedHere : file.status === 'failed' ? 1 : 0
  }
  return { ...counts, lacks: [...lacks].sort(), failures }
}

/**
 * The first lines of a failure message, without colours and with at most two lines of its
 * stack: CI's output keeps only its last lines.
 */
function firstLines(message, count = 16) {
  // eslint-disable-next-line no-control-regex
  const plain = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '')
  let frames = 0
  const kept = plain.split('\n').filter((line) => {
    if (line.trim() === '') return false
    if (!/^\s+at /.test(line)) return true
    frames += 1
    return frames <= 2
  })
  return kept.slice(0, count).map((line) => line.slice(0, 200))
}

/** A failed test of a report's `file`: its file and titles, and the first lines of its message. */
export function failureOf(file, test) {
  const titles = [...(test.ancestorTitles ?? []), test.title].join(' > ')
  return { test: `${shortName(file.name)} > ${titles}`, message: firstLines(test.failureMessages?.[0]) }
}

/** A test file's path from the repository's root (CI's output keeps only its last lines). */
function shortName(path) {
  return path.replace(/^.*?\/(packages|apps|tooling)\//, '$1/')
}

/** The server version named by an env file of tooling/real-server/up. */
export function serverVersion(envText) {
  return /^DEBUSINE_TS_SERVER_VERSION=(.*)$/m.exec(envText)?.[1] ?? 'unknown'
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [reportPath, envPath] = process.argv.slice(2)
  const version = serverVersion(readFileSync(envPath, 'utf8'))
  let summary = { passed: 0, failed: 1, skipped: 0, lacks: [], failures: [] }
  try {
    summary = summarize(JSON.parse(readFileSync(reportPath, 'utf8')))
  } catch (error) {
    console.log(`server ${version}: no test report (${error.message})`)
  }
  console.log(
    `server ${version}: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`,
  )
  console.log(`server ${version} lacks: ${summary.lacks.length === 0 ? 'nothing' : summary.lacks.join(', ')}`)
  for (const { test, message } of summary.failures) {
    console.log(`server ${version} failed: ${test}`)
    for (const line of message) console.log(`    ${line}`)
  }
}
