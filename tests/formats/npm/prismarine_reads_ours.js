// prismarine-schematic (not ours) reads every .schem we write: the size, and the block name
// at sampled cells (every cell of the small build).
'use strict'
const fs = require('fs')
const { Vec3 } = require('vec3')
const { Schematic } = require('prismarine-schematic')
const { writeOurs, check, expectEqual, finish } = require('./common')

async function main () {
  const [tool, dir] = process.argv.slice(2)
  const expected = writeOurs(tool, dir)
  let passed = 0
  for (const [name, want] of Object.entries(expected)) {
    const schem = await Schematic.read(fs.readFileSync(`${dir}/${name}.schem`))
    expectEqual([schem.size.x, schem.size.y, schem.size.z], want.schem.size, `${name}.schem size`)
    check(schem.version === '1.20.1', `${name}.schem: DataVersion read as Minecraft ${schem.version}, not 1.20.1`)
    let wrong = 0
    for (const [x, y, z, block] of want.schem.samples) {
      const got = schem.getBlock(new Vec3(x, y, z).plus(schem.start())).name
      if (got !== block && wrong++ < 5) check(false, `${name}.schem at ${x} ${y} ${z}: ${got}, expected ${block}`)
    }
    check(wrong === 0, `${name}.schem: ${wrong} of ${want.schem.samples.length} sampled cells wrong`)
    passed++
  }
  finish(passed)
}
main().catch((e) => { console.error(e); process.exit(1) })
