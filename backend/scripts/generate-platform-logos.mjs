#!/usr/bin/env node
/**
 * Draws the eight platform logos of the seed data as 64x64 RGBA PNGs (brand colour, white glyph,
 * 4x4 supersampled) and writes them as base64 text to
 * src/modules/catalogue/adapters/persistence/seed/platform-logos.ts.
 * Run once when the artwork changes: node backend/scripts/generate-platform-logos.mjs
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const SIZE = 64;
const SS = 4;

const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16), 255];
const WHITE = [255, 255, 255, 255];

// Shapes: predicates on continuous coordinates (0..64).
const roundedSquare = (x0, y0, x1, y1, r) => (x, y) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const rect = (x0, y0, x1, y1) => (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const disc = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const ring = (cx, cy, r0, r1) => (x, y) => {
  const d = (x - cx) ** 2 + (y - cy) ** 2;
  return d >= r0 * r0 && d <= r1 * r1;
};
const segment = (ax, ay, bx, by, w) => (x, y) => {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= (w / 2) ** 2;
};
const polygon = (pts) => (x, y) => {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i],
      [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const union =
  (...fs) =>
  (x, y) =>
    fs.some((f) => f(x, y));
const minus = (a, b) => (x, y) => a(x, y) && !b(x, y);
const and = (a, b) => (x, y) => a(x, y) && b(x, y);

const tile = roundedSquare(0, 0, 64, 64, 14);

/** Each logo: a list of [shape, colour or (x,y)=>colour] layers, painted in order. */
const logos = {
  youtube: [
    [tile, hex('#FF0000')],
    [
      polygon([
        [24, 18],
        [24, 46],
        [47, 32],
      ]),
      WHITE,
    ],
  ],
  instagram: [
    [
      tile,
      (x, y) => {
        // diagonal gradient yellow-orange -> pink -> purple
        const t = Math.min(1, Math.max(0, (x + (64 - y)) / 128));
        const stops = [hex('#FEDA75'), hex('#FA7E1E'), hex('#D62976'), hex('#962FBF'), hex('#4F5BD5')];
        const s = (1 - t) * (stops.length - 1);
        const i = Math.min(stops.length - 2, Math.floor(s));
        const f = s - i;
        return stops[i].map((c, k) => Math.round(c * (1 - f) + stops[i + 1][k] * f));
      },
    ],
    [minus(roundedSquare(13, 13, 51, 51, 12), roundedSquare(17.5, 17.5, 46.5, 46.5, 8)), WHITE],
    [ring(32, 32, 6, 10.5), WHITE],
    [disc(42.5, 21.5, 2.6), WHITE],
  ],
  x: [
    [tile, hex('#000000')],
    [union(segment(19, 17, 45, 47, 5)), WHITE],
    [segment(45, 17, 19, 47, 3), WHITE],
  ],
  threads: [
    [tile, hex('#101010')],
    // an "@": open outer ring, inner ring, and the stem joining them
    [
      minus(
        ring(32, 32, 15, 19.5),
        polygon([
          [32, 32],
          [52, 36],
          [52, 52],
          [40, 52],
        ]),
      ),
      WHITE,
    ],
    [ring(32, 32, 4.5, 8.5), WHITE],
    [union(rect(38, 24, 42, 38), segment(40, 38, 46, 40, 4)), WHITE],
  ],
  telegram: [
    [tile, hex('#229ED9')],
    [
      polygon([
        [13, 31],
        [50, 16],
        [44, 48],
        [33, 40],
        [27, 46],
        [26, 37],
      ]),
      WHITE,
    ],
    [
      polygon([
        [26, 37],
        [44, 23],
        [31, 38],
        [27, 46],
      ]),
      hex('#C8DAEA'),
    ],
  ],
  linkedin: [
    [tile, hex('#0A66C2')],
    [union(disc(20, 18, 4.2), rect(16, 25, 24, 48)), WHITE],
    [
      union(
        rect(28, 25, 35, 48),
        rect(42, 34, 49, 48),
        and(ring(40, 35, 2.5, 9.2), (x, y) => y <= 35),
      ),
      WHITE,
    ],
  ],
  tiktok: (() => {
    const note = (dx, dy) =>
      union(
        ring(26 + dx, 40 + dy, 4, 9),
        rect(32 + dx, 12 + dy, 38 + dx, 40 + dy),
        and(ring(38 + dx, 12 + dy, 0, 10), (x, y) => x >= 38 + dx && y >= 12 + dy && (x - 38 - dx) ** 2 + (y - 12 - dy - 10) ** 2 >= 36),
      );
    return [
      [tile, hex('#010101')],
      [note(-2, -1.5), hex('#25F4EE')],
      [note(2, 1.5), hex('#FE2C55')],
      [note(0, 0), WHITE],
    ];
  })(),
  facebook: [
    [tile, hex('#1877F2')],
    [
      union(
        rect(29, 24, 37, 60),
        rect(22, 31, 44, 38),
        and(ring(45, 24, 8, 16), (x, y) => x <= 45 && y <= 24),
        rect(45, 8, 48, 16),
      ),
      WHITE,
    ],
  ],
};

function render(layers) {
  const px = Buffer.alloc(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let acc = [0, 0, 0, 0];
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const fx = x + (sx + 0.5) / SS,
            fy = y + (sy + 0.5) / SS;
          let c = [0, 0, 0, 0];
          for (const [shape, paint] of layers) {
            if (shape(fx, fy)) c = typeof paint === 'function' ? paint(fx, fy) : paint;
          }
          // premultiplied accumulation
          acc = [acc[0] + c[0] * c[3], acc[1] + c[1] * c[3], acc[2] + c[2] * c[3], acc[3] + c[3]];
        }
      }
      const a = acc[3];
      const o = (y * SIZE + x) * 4;
      px[o] = a ? Math.round(acc[0] / a) : 0;
      px[o + 1] = a ? Math.round(acc[1] / a) : 0;
      px[o + 2] = a ? Math.round(acc[2] / a) : 0;
      px[o + 3] = Math.round(a / (SS * SS));
    }
  }
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
  for (let y = 0; y < SIZE; y++) {
    raw[y * (SIZE * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('../src/modules/catalogue/adapters/persistence/seed/platform-logos.ts', import.meta.url);
const lines = [
  '/**',
  ' * Seed logos: 64x64 PNGs (brand colour and a white glyph), as the base64 text the Service.logo',
  ' * field holds. Generated by backend/scripts/generate-platform-logos.mjs; do not edit by hand.',
  ' */',
  'export const PLATFORM_LOGOS: Record<string, string> = {',
];
for (const [slug, layers] of Object.entries(logos)) {
  const b64 = png(render(layers)).toString('base64');
  lines.push(`  ${slug}:`, `    '${b64}',`);
  if (process.argv.includes('--files')) writeFileSync(`/tmp/logo-${slug}.png`, Buffer.from(b64, 'base64'));
}
lines.push('};', '');
writeFileSync(fileURLToPath(out), lines.join('\n'));
console.log('wrote', fileURLToPath(out));
