// prismarine-provider-anvil (not ours) reads the real region files it ships (one per
// Minecraft version, 1.8.9 to 1.21.1); we read the same files with format_tool anvil-cells and
// compare cells: every cell of a few whole chunk columns and thousands elsewhere must hold
// the block our own name table (the "names" format_tool prints) gives the cell's Minecraft
// name. Before 1.13 only cells whose data value is 0 are compared (their names, as
// minecraft-data gives them, do not tell data values apart).
'use strict'
const fs = require('fs')
const path = require('path')
const { execFileSync } = require('child_process')
const { Vec3 } = require('vec3')
const { check, finish } = require('./common')

const fixtures = path.join(__dirname, 'node_modules/prismarine-provider-anvil/test/fixtures')
const kColumns = 3 // whole chunk columns a version
const kScattered = 4000 // cells elsewhere a version

function legacy (version) {
  const [, minor] = version.split('.').map(Number)
  return minor < 13
}

async function checkVersion (tool, out, version) {
  const { Anvil } = require('prismarine-provider-anvil')
  const dir = path.join(fixtures, version)
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.mca'))
  const [, rx, rz] = file.match(/^r\.(-?\d+)\.(-?\d+)\.mca$/).map(Number)
  const anvil = new (Anvil(version))(dir)
  const loaded = []
  for (let cz = 0; cz < 32; cz++) {
    for (let cx = 0; cx < 32; cx++) {
      const x = rx * 32 + cx
      const z = rz * 32 + cz
      const chunk = await anvil.load(x, z)
      if (chunk) loaded.push({ x, z, chunk })
    }
  }
  check(loaded.length > 0, `${version}: prismarine loads no chunk from ${file}`)
  if (loaded.length === 0) return 0
  let seed = 20261129
  const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n }
  const cells = [] // [x, y, z, name]
  const isLegacy = legacy(version)
  function take (c, lx, y, lz) {
    const b = c.chunk.getBlock(new Vec3(lx, y, lz))
    if (isLegacy && b.metadata !== 0) return
    let name = b.name
    const props = b.getProperties ? b.getProperties() : {}
    if (props.waterlogged === true || props.waterlogged === 'true') name += '[waterlogged=true]'
    cells.push([c.x * 16 + lx, y, c.z * 16 + lz, name])
  }
  const minY = loaded[0].chunk.minY ?? 0
  const height = loaded[0].chunk.worldHeight ?? 256
  for (let k = 0; k < Math.min(kColumns, loaded.length); k++) {
    const c = loaded[Math.floor((k * loaded.length) / kColumns)]
    for (let y = minY; y < minY + height; y++) {
      for (let lz = 0; lz < 16; lz++) for (let lx = 0; lx < 16; lx++) take(c, lx, y, lz)
    }
  }
  for (let k = 0; k < kScattered; k++) {
    take(loaded[random(loaded.length)], random(16), minY + random(height), random(16))
  }
  const cellsFile = path.join(out, `${version}.cells`)
  fs.writeFileSync(cellsFile, cells.map((c) => `${c[0]} ${c[1]} ${c[2]}`).join('\n') + '\n')
  const lines = execFileSync(tool, ['anvil-cells', path.join(dir, file), cellsFile], {
    maxBuffer: 1 << 30, encoding: 'utf8'
  }).trimEnd().split('\n')
  const summary = JSON.parse(lines.pop())
  check(summary.refused === 0, `${version}: our reader refused ${summary.refused} chunk(s) prismarine reads`)
  check(lines.length === cells.length, `${version}: ${lines.length} answers for ${cells.length} cells`)
  let wrong = 0
  for (let i = 0; i < cells.length; i++) {
    const [x, y, z, name] = cells[i]
    // Air is air, whatever the era; any other name must be in our table's answer.
    const expected = name === 'air' ? 'air' : summary.names[name]
    if (lines[i] !== expected) {
      if (wrong < 10) check(false, `${version}: cell ${x} ${y} ${z} is ${name} (ours: ${expected}) but we hold ${lines[i]}`)
      wrong++
    }
  }
  check(wrong === 0, `${version}: ${wrong} of ${cells.length} cells differ`)
  console.log(`${version}: ${loaded.length} chunks, ${cells.length} cells compared, ${wrong} differ`)
  return cells.length
}

async function main () {
  const [tool, out] = process.argv.slice(2)
  const versions = fs.readdirSync(fixtures).filter((v) => fs.existsSync(path.join(fixtures, v)))
  let total = 0
  for (const v of versions) total += await checkVersion(tool, out, v)
  finish(total)
}
main().catch((e) => { console.error(e); process.exit(1) })
