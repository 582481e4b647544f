// vox-reader (not ours) parses every .vox we write: each model's size and voxel count, the
// palette of the blocks' colours, and the scene graph that places several models.
'use strict'
const fs = require('fs')
const readVox = require('vox-reader')
const { writeOurs, check, expectEqual, finish } = require('./common')

const [tool, dir] = process.argv.slice(2)
const expected = writeOurs(tool, dir)
let passed = 0
const asList = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])
for (const [name, want] of Object.entries(expected)) {
  const vox = readVox(fs.readFileSync(`${dir}/${name}.vox`))
  const sizes = asList(vox.size)
  const models = asList(vox.xyzi)
  expectEqual(sizes.map((s) => [s.x, s.y, s.z]), want.vox.models.map((m) => [m.x, m.y, m.z]), `${name}.vox model sizes`)
  expectEqual(models.map((m) => m.numVoxels), want.vox.models.map((m) => m.voxels), `${name}.vox voxel counts`)
  expectEqual(models.map((m) => m.values.length), want.vox.models.map((m) => m.voxels), `${name}.vox voxels listed`)
  for (const [i, m] of models.entries()) {
    const s = sizes[i]
    check(m.values.every((v) => v.x < s.x && v.y < s.y && v.z < s.z && v.i >= 1 && v.i <= want.vox.palette.length),
      `${name}.vox model ${i}: a voxel outside its model or of a colour index past the blocks`)
  }
  const palette = vox.rgba.values.slice(0, want.vox.palette.length).map((c) => [c.r, c.g, c.b])
  expectEqual(palette, want.vox.palette, `${name}.vox palette`)
  check(vox.rgba.values.length === 256, `${name}.vox palette of ${vox.rgba.values.length} colours`)
  const shapes = asList(vox.nshp)
  expectEqual(shapes.map((s) => s.models[0][0]), models.map((_, i) => i), `${name}.vox shapes name every model once`)
  const group = vox.ngrp
  check(group && group.children.length === models.length, `${name}.vox group holds every model's transform`)
  passed++
}
finish(passed)
