import { describe, expect, it } from 'vitest'
import { repository, runScript, temporaryTree } from './structure-test-tree.js'

// The citations are built from parts so that this file's own text cites nothing.
const run = (name: string) => ['run', name].join(' ')

describe('the run citation check', () => {
  it('passes on the repository as it is', () => {
    const result = runScript('check-run-citations.mjs', repository)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('fails on a comment that cites a run, a range of runs, a perf branch or the bench notes', () => {
    const root = temporaryTree({
      'packages/client/src/numbered.ts': `// Measured fastest in ${run('25')}, 0.79× curl.\nexport const a = 1\n`,
      'packages/client/src/lettered.ts': `/**\n * 1.8 ms a page (${['runs', 'K-N'].join(' ')}).\n */\nexport const b = 2\n`,
      'apps/cli/src/listed.test.ts': `it('x', () => {\n  // as in ${run('21')} and 22: pipelined\n})\n`,
      'tooling/bench/x.mjs': `function f() {\n  // see perf-11\n}\n`,
      'packages/events/src/notes.ts': `export const c = 3 // figures: tooling/bench/README.md\n`,
      'tooling/real-server/up.sh': `#!/bin/sh\n# slower since ${run('T')}\necho up\n`,
    })
    const result = runScript('check-run-citations.mjs', root)
    expect(result.status).toBe(1)
    for (const place of [
      'packages/client/src/numbered.ts:1',
      'packages/client/src/lettered.ts:1',
      'apps/cli/src/listed.test.ts:2',
      'tooling/bench/x.mjs:2',
      'packages/events/src/notes.ts:1',
      'tooling/real-server/up.sh:2',
    ])
      expect(result.stderr).toContain(place)
  })

  it('passes on "run" as a verb, a version, text outside comments and the bench naming its README', () => {
    const root = temporaryTree({
      'tooling/vitest/config.ts': `// Property tests ${run('100')} cases each; we ${run('CI')} jobs too.\nexport const d = 4\n`,
      'packages/models/src/version.ts': `// the server ${run('0.11.3')}s fine\nexport const e = '${run('25')}, tooling/bench/README.md'\n`,
      'packages/client/src/empty.ts': `export function g() { // nothing to do\n}\nexport const re = /\\/\\/ ${run('9')}/\n`,
      'tooling/bench/lib/results.mjs': `// writes the table of tooling/bench/README.md\n`,
      'packages/client/dist/bundle.js': `// ${run('25')}\n`,
    })
    const result = runScript('check-run-citations.mjs', root)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('fails on a comment that cites a document outside the repository or a missing section of docs/', () => {
    const guide = (name: string, section: string) => [name, section].join(' §')
    const root = temporaryTree({
      'docs/protocol.md': '# Protocol\n\n## §5 Resumable file upload\n',
      'packages/client/src/upload.ts': `// resumes as ${guide('PROTOCOL', '6.3')} says\nexport const a = 1\n`,
      'packages/cli-kit/src/style.ts': `/** As ${['STYLE', 'md'].join('.')} asks. */\nexport const b = 2\n`,
      'apps/cli/src/place.ts': `// facts: ${['/work', 'shared'].join('/')}/notes\nexport const c = 3\n`,
      'packages/models/src/gone.ts': `// ${guide('docs/protocol.md', '99')}\nexport const d = 4\n`,
      'packages/events/src/fine.ts': `// ${guide('docs/protocol.md', '5')}: the probe\nexport const e = 5\n`,
      'tooling/real-server/lib.sh': `# facts: ${guide('REAL_SERVER', '13')}\nX=1\n`,
      'tooling/real-server/up': `#!/bin/bash\nset -e\n# as ${['USERS', 'md'].join('.')} tells\n`,
    })
    const result = runScript('check-run-citations.mjs', root)
    expect(result.status).toBe(1)
    for (const place of [
      'packages/client/src/upload.ts:1',
      'packages/cli-kit/src/style.ts:1',
      'apps/cli/src/place.ts:1',
      'packages/models/src/gone.ts:1',
      'tooling/real-server/lib.sh:1',
      'tooling/real-server/up:3',
    ])
      expect(result.stderr).toContain(place)
    expect(result.stderr).not.toContain('fine.ts')
  })
})
