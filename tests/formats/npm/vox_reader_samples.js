// The .vox sample files vox-reader ships (its test/ folder: deer.vox, extended.vox, tree.vox,
// the last a version 200 file with two 256^3 models, rotations and extension chunks) import
// without error, each model with the voxel count vox-reader reports.
'use strict'
const fs = require('fs')
const path = require('path')
const readVox = require('vox-reader')
const { dump, check, expectEqual, finish } = require('./common')

const [tool] = process.argv.slice(2)
const folder = path.join(path.dirname(require.resolve('vox-reader/package.json')), 'test')
const samples = fs.readdirSync(folder).filter((f) => f.endsWith('.vox')).sort()
check(samples.length >= 3, `vox-reader ships ${samples.length} sample .vox files, expected deer, extended and tree`)
for (const file of samples) {
  const full = path.join(folder, file)
  const theirs = readVox(fs.readFileSync(full))
  const models = Array.isArray(theirs.xyzi) ? theirs.xyzi : [theirs.xyzi]
  const ours = dump(tool, full, true)
  expectEqual(ours.model_voxels, models.map((m) => m.numVoxels), `${file}: voxels per model`)
  console.log(`${file}: version ${ours.version}, ${models.length} model(s), ${ours.model_voxels.reduce((a, b) => a + b, 0)} voxels, imported as ${ours.size.join(' by ')}: ${ours.message}`)
}
finish(samples.length)
