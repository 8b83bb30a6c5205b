// Measuring helpers shared by the benchmarks: run a command under GNU time, read the real
// server's settings and the CPU time its processes have used.
import { spawnSync } from 'node:child_process'
import { readFileSync, readdirSync, readlinkSync } from 'node:fs'

const ENV_FILE = process.env.DEBUSINE_TS_SERVER_ENV ?? '/var/cache/debusine-ts/sid/env'

/** The real server's env file (tooling/real-server/up) as an object of KEY: value. */
export function readServerEnv(path = ENV_FILE) {
  const entries = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
  return Object.fromEntries(entries)
}

const TICKS_PER_SECOND = 100 // USER_HZ on Linux

/**
 * `read(pid)` for every process running in the server's chroot, skipping those that exit
 * while they are read.
 */
function eachServerProcess(serverRoot, read) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readlinkSync(`/proc/${entry}/root`) === serverRoot) read(entry)
    } catch {
      // the process exited while we read it
    }
  }
}

/** CPU seconds (user + system) used so far by every process running in the server's chroot. */
export function serverCpuSeconds(serverRoot) {
  let ticks = 0
  eachServerProcess(serverRoot, (pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime, stime, and cutime, cstime: the CPU of children it reaped (a gunicorn worker
    // recycled during the run), so that an exit does not make the sum go down.
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
  })
  return ticks / TICKS_PER_SECOND
}

/**
 * The PIDs of the server's gunicorn processes (its master and HTTP workers), in order: they
 * change when gunicorn replaces a worker that served its `max_requests` (500 in Debusine's
 * configuration), which costs the machine a core for a few seconds while the new worker
 * loads Django, and closes the connection the old one held.
 */
export function serverHttpProcesses(serverRoot) {
  const pids = []
  eachServerProcess(serverRoot, (pid) => {
    if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('/usr/bin/gunicorn')) pids.push(Number(pid))
  })
  return pids.sort((a, b) => a - b).join(' ')
}

/**
 * Run a command under GNU time and measure it, the server's CPU time meanwhile and whether
 * gunicorn replaced a worker meanwhile (`serverWorkerReplaced`).
 * @returns {{ seconds: number, cpuSeconds: number, systemSeconds: number, peakMib: number, serverCpuSeconds: number, serverWorkerReplaced: boolean, stdout: string }}
 */
export function timed(command, args, { serverRoot, ...options } = {}) {
  const serverBefore = serverRoot === undefined ? 0 : serverCpuSeconds(serverRoot)
  const processesBefore = serverRoot === undefined ? '' : serverHttpProcesses(serverRoot)
  const result = spawnSync('/usr/bin/time', ['-f', '@@TIME %e %U %S %M', command, ...args], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    ...options,
  })
  const serverAfter = serverRoot === undefined ? 0 : serverCpuSeconds(serverRoot)
  const processesAfter = serverRoot === undefined ? '' : serverHttpProcesses(serverRoot)
  const match = /@@TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(result.stderr)
  if (result.status !== 0 || match === null) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}`)
  }
  return {
    seconds: Number(match[1]),
    cpuSeconds: Number(match[2]) + Number(match[3]),
    systemSeconds: Number(match[3]),
    peakMib: Number(match[4]) / 1024,
    serverCpuSeconds: serverAfter - serverBefore,
    serverWorkerReplaced: processesAfter !== processesBefore,
    stdout: result.stdout,
  }
}

/** How many items a list printed as YAML holds (one `- ` line at the start of each). */
export function yamlListItems(yaml) {
  return yaml.split('\n').filter((line) => line.startsWith('- ')).length
}

/** Median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * Each round's ratio of `runs` to `referenceRuns` (the same rounds, in order). Within a round
 * the tools ran minutes apart at most; between rounds the server's own time moves more, so
 * these ratios are steadier than the ratio of the medians.
 */
export function roundRatios(runs, referenceRuns) {
  return runs.map((run, round) => run.seconds / referenceRuns[round].seconds)
}

/** The value after `--NAME` on the command line, or `fallback`. */
export function option(name, fallback, argv = process.argv.slice(2)) {
  const index = argv.indexOf(`--${name}`)
  return index === -1 ? fallback : argv[index + 1]
}

/**
 * The order of the tools in round `round` (from 0): rotated each round, and reversed every
 * other cycle of rotations, so that over 2 × tools.length rounds each tool runs after each
 * other one equally often. Rotation alone puts the same tool after the same one in most
 * rounds, and whatever one leaves behind (page cache, memory the machine must find again)
 * then always lands on the same next tool.
 */
export function roundOrder(tools, round) {
  const shift = round % tools.length
  const rotated = tools.slice(shift).concat(tools.slice(0, shift))
  return Math.floor(round / tools.length) % 2 === 0 ? rotated : rotated.reverse()
}
