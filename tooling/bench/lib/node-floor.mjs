#!/usr/bin/env node
// What any Node program pays for a first call: start, make the same GETs as curl with
// node:http (one after the other, the body read and dropped), exit. The floor under our CLI's
// line, below which no Node client can go on this machine.
//
//   node node-floor.mjs '<header>: <value>' ... -- <url> ...
import { get } from 'node:http'

const split = process.argv.indexOf('--')
const headers = Object.fromEntries(
  process.argv
    .slice(2, split)
    .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
)
for (const url of process.argv.slice(split + 1)) {
  await new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url}: HTTP ${response.statusCode}`))
      response.resume().on('end', resolve).on('error', reject)
    }).on('error', reject)
  })
}
