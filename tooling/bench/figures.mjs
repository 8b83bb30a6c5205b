#!/usr/bin/env node
// Writes the table of the latest figures into tooling/bench/README.md from results.json
// (the bench scripts do it themselves when they finish; run this after editing the file by
// hand). With --check, writes nothing and fails when the README's table is not that table.
//
//   node tooling/bench/figures.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs'
import { README_FILE, readResults, readmeWithFigures } from './lib/results.mjs'

const readme = readFileSync(README_FILE, 'utf8')
const written = readmeWithFigures(readme, readResults())
if (process.argv.includes('--check')) {
  if (written !== readme) {
    console.error(
      'tooling/bench/README.md: the table of figures is not the one results.json gives; run node tooling/bench/figures.mjs',
    )
    process.exit(1)
  }
} else writeFileSync(README_FILE, written)
