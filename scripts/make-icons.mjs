#!/usr/bin/env node
// Draws the toolbar and store icons (a poppy: four petals round a dark centre) as PNGs, so the
// art is reproducible from this file. `public/icon/<size>.png` is the lit icon; the grey
// `idle-<size>.png` is what the toolbar shows on sites that publish nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZES = [16, 32, 48, 128];
const PALETTES = {
  '': { petal: [226, 61, 40], petalEdge: [186, 36, 28], centre: [38, 30, 36] },
  'idle-': { petal: [150, 150, 156], petalEdge: [120, 120, 126], centre: [70, 70, 76] },
};

function crc32(buf) {
  let c,
    crc = 0xffffffff;
  for (const b of buf) {
    c = (crc ^ b) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Colour at a point in unit coordinates (0..1), or null for transparent. */
function shade(x, y, pal) {
  const cx = 0.5,
    cy = 0.5;
  const d = Math.hypot(x - cx, y - cy);
  if (d < 0.13) return pal.centre;
  const petals = [
    [0.5, 0.29],
    [0.71, 0.5],
    [0.5, 0.71],
    [0.29, 0.5],
  ];
  for (const [px, py] of petals) {
    const pd = Math.hypot(x - px, y - py);
    if (pd < 0.24) return pd > 0.2 ? pal.petalEdge : pal.petal;
  }
  return null;
}

mkdirSync('public/icon', { recursive: true });
for (const [prefix, pal] of Object.entries(PALETTES)) {
  for (const size of SIZES) {
    const buf = Buffer.alloc(size * size * 4);
    const ss = 4; // supersampling for smooth edges
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        let r = 0,
          g = 0,
          b = 0,
          a = 0;
        for (let sy = 0; sy < ss; sy++) {
          for (let sx = 0; sx < ss; sx++) {
            const c = shade((x + (sx + 0.5) / ss) / size, (y + (sy + 0.5) / ss) / size, pal);
            if (c) {
              r += c[0];
              g += c[1];
              b += c[2];
              a += 1;
            }
          }
        }
        const i = (y * size + x) * 4;
        if (a) buf.set([Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((255 * a) / (ss * ss))], i);
      }
    }
    writeFileSync(`public/icon/${prefix}${size}.png`, png(size, buf));
  }
}
console.log('icons written to public/icon/');
