// Shared by the format checks: run Slotcraft's format tool, compare, and fail loudly.
'use strict'
const { execFileSync } = require('child_process')

// Our files and what a reader must find in them (format_tool write).
function writeOurs (tool, dir) {
  execFileSync(tool, ['write', dir], { stdio: 'inherit' })
  return JSON.parse(require('fs').readFileSync(`${dir}/expected.json`, 'utf8'))
}

// What Slotcraft's reader imports from `file`: size, version, model voxel counts, cells.
function dump (tool, file, summary = false) {
  const args = ['dump', file]
  if (summary) args.push('--summary')
  const out = execFileSync(tool, args, { maxBuffer: 1 << 30, encoding: 'utf8' })
  return JSON.parse(out)
}

let failures = 0
function check (ok, what) {
  if (!ok) {
    failures++
    console.error(`FAIL: ${what}`)
  }
}
function expectEqual (actual, expected, what) {
  const a = JSON.stringify(actual)
  const e = JSON.stringify(expected)
  check(a === e, `${what}: got ${a.slice(0, 300)}, expected ${e.slice(0, 300)}`)
}
function finish (passed) {
  if (failures > 0) {
    console.error(`${failures} check(s) failed`)
    process.exit(1)
  }
  console.log(`${passed} passed, 0 failed`)
}

module.exports = { writeOurs, dump, check, expectEqual, finish }
