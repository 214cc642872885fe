// Runs the ThumbHash reference (evanw/thumbhash js/thumbhash.js, given by path; never committed here) on the
// images of a record file and writes, per image, a line with the base64 hash rgbaToThumbHash makes and the
// FNV-1a 32 of the pixels thumbHashToRGBA draws from that hash ("W H HEX").
//
// Usage: node Benchmarks/thumbhash_reference.mjs THUMBHASH_JS RECORDS OUTPUT
//   RECORDS: for each image one byte width, one byte height (1...100), then width * height * 4 RGBA bytes.
// Written by ThumbHashReferenceTests (Tests/AssetsTests/Codecs/Hashing), which compares the lines with the
// package's own; Benchmarks/thumbhash-compare runs that test and prints the counts.
import { readFileSync, writeFileSync } from 'node:fs'

const [referencePath, recordsPath, outputPath] = process.argv.slice(2)
if (!outputPath) {
  console.error('usage: node thumbhash_reference.mjs THUMBHASH_JS RECORDS OUTPUT')
  process.exit(2)
}
// The reference is an ES module; importing its text as a data: URL works whatever its file is named.
const source = readFileSync(referencePath, 'utf8')
const { rgbaToThumbHash, thumbHashToRGBA } =
  await import('data:text/javascript;base64,' + Buffer.from(source).toString('base64'))

const fnv1a = (bytes) => {
  let h = 0x811c9dc5
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0
  return h >>> 0
}

const records = readFileSync(recordsPath)
const lines = []
let at = 0
while (at + 2 <= records.length) {
  const w = records[at], h = records[at + 1]
  at += 2
  const rgba = records.subarray(at, at + w * h * 4)
  at += w * h * 4
  const hash = rgbaToThumbHash(w, h, rgba)
  const image = thumbHashToRGBA(hash)
  lines.push(`${Buffer.from(hash).toString('base64')} ${image.w} ${image.h} ${fnv1a(image.rgba).toString(16)}`)
}
writeFileSync(outputPath, lines.join('\n') + '\n')
