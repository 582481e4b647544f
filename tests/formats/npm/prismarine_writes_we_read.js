// prismarine-schematic (not ours) writes a .schem (version 2) of random blocks, names our
// table knows and names it does not; we import it cell for cell. Then the same data rewrapped
// as the version 3 specification lays it out (an unnamed root holding "Schematic", the palette
// and data under "Blocks" as "Palette" and "Data") imports the same.
'use strict'
const fs = require('fs')
const zlib = require('zlib')
const { Vec3 } = require('vec3')
const nbt = require('prismarine-nbt')
const { Schematic } = require('prismarine-schematic')
const { dump, check, expectEqual, finish } = require('./common')

// Minecraft name -> the Slotcraft block we expect: the table's names, then fallbacks.
const expectedBlock = {
  air: 'air', stone: 'stone', dirt: 'dirt', grass_block: 'grass', sand: 'sand', oak_log: 'log',
  oak_leaves: 'leaves', oak_planks: 'planks', glass: 'glass', bricks: 'brick', water: 'water', glowstone: 'lamp',
  diorite: 'diorite', spruce_log: 'spruce_log', red_stained_glass: 'glass', birch_planks: 'birch_planks',
  sea_lantern: 'lamp', jungle_planks: 'planks', sculk: 'stone'
}

async function main () {
  const [tool, dir] = process.argv.slice(2)
  const version = '1.20.1'
  const mcData = require('minecraft-data')(version)
  const names = Object.keys(expectedBlock)
  const palette = names.map((n) => mcData.blocksByName[n].defaultState)
  const size = new Vec3(37, 23, 29)
  let seed = 12345
  const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed }
  const blocks = []
  for (let i = 0; i < size.x * size.y * size.z; i++) blocks.push(random() % palette.length)
  const theirs = new Schematic(version, size, new Vec3(0, 0, 0), palette, blocks)
  const v2 = await theirs.write()
  fs.writeFileSync(`${dir}/theirs.schem`, v2)

  const ours = dump(tool, `${dir}/theirs.schem`)
  expectEqual(ours.size, [size.x, size.y, size.z], 'theirs.schem size')
  expectEqual(ours.version, 2, 'theirs.schem version')
  let wrong = 0
  for (let y = 0; y < size.y; y++) {
    for (let z = 0; z < size.z; z++) {
      for (let x = 0; x < size.x; x++) {
        const name = theirs.getBlock(new Vec3(x, y, z)).name
        const i = x + z * size.x + y * size.x * size.z
        const got = ours.blocks[ours.digits.indexOf(ours.cells[i])]
        if (got !== expectedBlock[name] && wrong++ < 5) check(false, `cell ${x} ${y} ${z}: ${name} became ${got}`)
      }
    }
  }
  check(wrong === 0, `theirs.schem: ${wrong} cells imported wrong`)
  check(/unknown block types? became/.test(ours.message), `the message names the unknown names: ${ours.message}`)

  // Version 3: the same palette and block data, laid out as its specification says.
  const { parsed } = await nbt.parse(v2)
  const s = parsed.value
  const v3 = {
    type: 'compound',
    name: '',
    value: {
      Schematic: {
        type: 'compound',
        value: {
          Version: { type: 'int', value: 3 },
          DataVersion: s.DataVersion,
          Width: s.Width,
          Height: s.Height,
          Length: s.Length,
          Offset: { type: 'intArray', value: [0, 0, 0] },
          Blocks: {
            type: 'compound',
            value: { Palette: s.Palette, Data: s.BlockData, BlockEntities: { type: 'list', value: { type: 'compound', value: [] } } }
          }
        }
      }
    }
  }
  fs.writeFileSync(`${dir}/theirs_v3.schem`, zlib.gzipSync(nbt.writeUncompressed(v3)))
  const ours3 = dump(tool, `${dir}/theirs_v3.schem`)
  expectEqual(ours3.version, 3, 'theirs_v3.schem version')
  expectEqual(ours3.size, ours.size, 'theirs_v3.schem size')
  check(ours3.cells === ours.cells, 'theirs_v3.schem imports cell for cell as the version 2 file')
  finish(3)
}
main().catch((e) => { console.error(e); process.exit(1) })
