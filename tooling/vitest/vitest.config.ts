import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('../..', import.meta.url))

// Uploads keep a journal under $XDG_STATE_HOME: tests write theirs to a scratch directory,
// never to the home of whoever runs them.
process.env.XDG_STATE_HOME = mkdtempSync(join(tmpdir(), 'debusine-ts-test-state-'))

// Tests import the packages by name; point those names at the sources so a test run
// does not need a build first.
const alias = [
  {
    find: /^@debusine-ts\/transport\/node$/,
    replacement: `${root}packages/transport/src/node/index.ts`,
  },
  {
    find: /^@debusine-ts\/(models|artifacts|transport|client|events|enroll|cli-kit|fake-server)$/,
    replacement: `${root}packages/$1/src/index.ts`,
  },
]

// A contributor without root may opt out of the real-server tests outside CI; CI never does.
const optOut = process.env.DEBUSINE_TS_SKIP_REAL_SERVER === '1' && process.env.CI !== 'true'
if (optOut) {
  process.stderr.write(
    [
      '',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      '!! DEBUSINE_TS_SKIP_REAL_SERVER=1: the real-server tests DID NOT RUN.          !!',
      '!! Only unit tests ran. Nothing here is proven against a real Debusine server. !!',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      '',
    ].join('\n'),
  )
}

const realServerTests = [
  'packages/*/test/**/*.test.ts',
  'apps/*/test/**/*.test.ts',
  'tooling/real-server/test/**/*.test.ts',
]
const realServerProject = {
  root,
  globalSetup: ['tooling/vitest/real-server-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 120_000,
  sequence: { groupOrder: 0 },
}

export default defineConfig({
  resolve: { alias },
  test: {
    root,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          root,
          // Property tests run 100 cases each; on a loaded 2-core CI machine some take over
          // vitest's default 5 s. A limit is still there to catch a hang.
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'tooling/scripts/**/*.test.ts',
            'tooling/fault-proxy/**/*.test.ts',
            'tooling/hostile-server/**/*.test.ts',
            // The runnable examples, against the fake server.
            'examples/**/*.test.ts',
          ],
        },
      },
      ...(optOut
        ? []
        : [
            {
              resolve: { alias },
              test: {
                ...realServerProject,
                name: 'real-server',
                include: realServerTests,
                exclude: [...configDefaults.exclude, '**/*.restart.test.ts'],
                // The real server has 2 HTTP workers on 2 cores: keep the load sane.
                maxWorkers: 2,
              },
            },
            {
              // Files that restart the server's HTTP workers (dropping every connection):
              // alone, one at a time, after everything else.
              resolve: { alias },
              test: {
                ...realServerProject,
                name: 'real-server-restart',
                include: realServerTests.map((pattern) => pattern.replace(/\.test\.ts$/, '.restart.test.ts')),
                fileParallelism: false,
                sequence: { groupOrder: 1 },
              },
            },
          ]),
    ],
  },
})
