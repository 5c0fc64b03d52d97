// Generates the abstract artwork used by the demo content of 听雨小筑: each picture is drawn as SVG from a
// pseudo-random generator seeded with its own file name (deterministic), then rasterized to WebP with sharp,
// as a blog's own pictures are photos, not drawings: a browser paints an SVG picture on the main thread
// and a raster one off it (docs/benchmarks.md, 2026-12-07 evening). `sizes.json` lists each picture's size,
// so the first start seeds the albums without decoding a picture.
//
//   node content/demo/generate-images.mjs
//
// Images never contain text (no fonts can be assumed where they are shown).

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'images');
const MAX_BYTES = 24 * 1024;
const WEBP = { quality: 80, effort: 6 };

// ---------------------------------------------------------------- randomness

function hashString(str) {
  // FNV-1a, 32 bit
  let h = 0x811c9dc5;
  for (const ch of str) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function createRng(seedText) {
  let a = hashString(seedText);
  const next = () => {
    // mulberry32
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

const r1 = (n) => Math.round(n * 10) / 10;
const r2 = (n) => Math.round(n * 100) / 100;

// ------------------------------------------------------------------ palettes
// sky: [top, bottom]; layers: far -> near; accent: sun/moon/highlight; light: soft highlight

const PALETTES = {
  dusk: { sky: ['#2d1b4e', '#f4a582'], layers: ['#8c5a8c', '#5e3f6f', '#3b2a52', '#221a36'], accent: '#ffd8a8', light: '#fff1e0' },
  dawn: { sky: ['#fbe3d6', '#f7b7a3'], layers: ['#e79c8f', '#c9788a', '#8e5b7d', '#553d63'], accent: '#fff4d6', light: '#ffffff' },
  ink: { sky: ['#f6f1e7', '#e9e1d1'], layers: ['#c9c3b8', '#9d978e', '#6b6761', '#3c3a37'], accent: '#c0392b', light: '#ffffff' },
  night: { sky: ['#070b1f', '#23315e'], layers: ['#2c3a6b', '#1f2a52', '#151d3b', '#0c1228'], accent: '#f7efc6', light: '#cfd8ff' },
  sea: { sky: ['#0b3954', '#5fa8d3'], layers: ['#62b6cb', '#3a86a8', '#1b4965', '#0f2f44'], accent: '#cae9ff', light: '#ffffff' },
  jade: { sky: ['#e3f4ea', '#a8d5ba'], layers: ['#7fb99a', '#4f9a78', '#2f7a5d', '#1d5540'], accent: '#fdfbe7', light: '#ffffff' },
  rain: { sky: ['#1c2733', '#4b6072'], layers: ['#3d5163', '#2e3f4f', '#22303d', '#161f29'], accent: '#f3d9a4', light: '#b9cad8' },
  sakura: { sky: ['#fff0f3', '#ffc8d5'], layers: ['#ffa3b8', '#f27a99', '#c9557a', '#8a3a5c'], accent: '#fff7e0', light: '#ffffff' },
  amber: { sky: ['#3a1c0e', '#f2a541'], layers: ['#e07a2f', '#b4521f', '#7a3415', '#451c0c'], accent: '#ffe8a3', light: '#fff6dc' },
  lavender: { sky: ['#e6e0f8', '#b8a9e3'], layers: ['#9c89d9', '#7763c2', '#54449a', '#35296b'], accent: '#fff9f0', light: '#ffffff' },
  mint: { sky: ['#0f3d3e', '#6cc4a1'], layers: ['#9be3c4', '#4fb394', '#2a7f6f', '#145050'], accent: '#f1fff6', light: '#e6fff4' },
  ember: { sky: ['#12090f', '#5a1f2e'], layers: ['#ff6b6b', '#f9a03f', '#ffd166', '#c44569'], accent: '#ffe3b3', light: '#fff2d9' },
};

// -------------------------------------------------------------- path helpers

function fractalLine(rng, levels, roughness) {
  const size = 2 ** levels;
  const a = new Array(size + 1).fill(0);
  a[0] = rng.range(-0.5, 0.5);
  a[size] = rng.range(-0.5, 0.5);
  let step = size;
  let scale = 1;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < size; i += step) {
      a[i] = (a[i - half] + a[i + half]) / 2 + rng.range(-scale, scale);
    }
    step = half;
    scale *= roughness;
  }
  return a;
}

// Catmull-Rom through the points, emitted as cubic Béziers.
function smoothThrough(points) {
  let d = `M${r1(points[0][0])} ${r1(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[i + 2] ?? p2;
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${r1(c1x)} ${r1(c1y)} ${r1(c2x)} ${r1(c2y)} ${r1(p2[0])} ${r1(p2[1])}`;
  }
  return d;
}

function wavePoints(rng, w, baseY, amp, count) {
  const f1 = rng.range(1, 2.5);
  const f2 = rng.range(2.5, 5);
  const p1 = rng.range(0, Math.PI * 2);
  const p2 = rng.range(0, Math.PI * 2);
  const pts = [];
  for (let i = 0; i <= count; i++) {
    const t = i / count;
    const y = baseY + amp * (0.7 * Math.sin(t * Math.PI * f1 + p1) + 0.3 * Math.sin(t * Math.PI * f2 + p2));
    pts.push([t * w, y]);
  }
  return pts;
}

function ridgePath(rng, w, h, baseY, amp, levels = 5, roughness = 0.55) {
  const line = fractalLine(rng, levels, roughness);
  const n = line.length - 1;
  let d = `M0 ${h}`;
  for (let i = 0; i <= n; i++) d += `L${r1((i / n) * w)} ${r1(baseY + line[i] * amp)}`;
  return `${d}L${w} ${h}Z`;
}

function linear(id, stops, vertical = true) {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  const s = stops
    .map((c, i) => `<stop offset="${r2(i / (stops.length - 1))}" stop-color="${c}"/>`)
    .join('');
  return `<linearGradient id="${id}" ${dir}>${s}</linearGradient>`;
}

function glow(id, color) {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity=".9"/><stop offset=".35" stop-color="${color}" stop-opacity=".35"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

function stars(rng, w, h, count, color, maxY = 1) {
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = r1(rng.range(0, w));
    const y = r1(rng.range(0, h * maxY));
    const s = r1(rng.range(0.6, 2.2) * (w / 1200 + 0.4));
    // tiny diamond: cheaper than a <circle> and reads as a twinkle
    d += `M${x} ${r1(y - s)}l${s} ${s}l${-s} ${s}l${-s} ${-s}z`;
  }
  return `<path d="${d}" fill="${color}" opacity=".85"/>`;
}

// --------------------------------------------------------------------- scenes
// Each scene returns [defs, body].

const scenes = {
  mountains(rng, w, h, p) {
    const sunX = rng.range(w * 0.2, w * 0.8);
    const sunY = rng.range(h * 0.22, h * 0.42);
    const sunR = Math.min(w, h) * rng.range(0.07, 0.12);
    let defs = linear('sky', p.sky) + glow('sun', p.accent);
    defs += `<linearGradient id="mist" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}" stop-opacity="0"/><stop offset=".5" stop-color="${p.light}" stop-opacity=".22"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></linearGradient>`;
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    body += `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(sunR * 3.2)}" fill="url(#sun)"/>`;
    body += `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(sunR)}" fill="${p.accent}" opacity=".95"/>`;
    const layers = p.layers.length;
    for (let i = 0; i < layers; i++) {
      const base = h * (0.5 + i * 0.12);
      const amp = h * (0.22 - i * 0.03);
      defs += linear(`m${i}`, [p.layers[i], p.layers[Math.min(i + 1, layers - 1)]]);
      body += `<path d="${ridgePath(rng, w, h, base, amp, 5, 0.52)}" fill="url(#m${i})" opacity="${r2(0.75 + i * 0.08)}"/>`;
      if (i === 1) {
        body += `<rect y="${r1(h * 0.5)}" width="${w}" height="${r1(h * 0.3)}" fill="url(#mist)"/>`;
      }
    }
    return [defs, body];
  },

  ink(rng, w, h, p) {
    let defs = linear('sky', p.sky);
    defs += '<filter id="soft"><feGaussianBlur stdDeviation="6"/></filter>';
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const moonX = rng.range(w * 0.6, w * 0.85);
    const moonY = rng.range(h * 0.15, h * 0.3);
    body += `<circle cx="${r1(moonX)}" cy="${r1(moonY)}" r="${r1(Math.min(w, h) * 0.07)}" fill="#e8dccb"/>`;
    for (let i = 0; i < 4; i++) {
      const base = h * (0.45 + i * 0.13);
      const amp = h * (0.28 - i * 0.05);
      body += `<path d="${ridgePath(rng, w, h, base, amp, 5, 0.6)}" fill="${p.layers[i]}" opacity="${r2(0.45 + i * 0.15)}"${i < 2 ? ' filter="url(#soft)"' : ''}/>`;
    }
    // a few birds, two strokes each
    let birds = '';
    const n = rng.int(3, 6);
    const bx = rng.range(w * 0.15, w * 0.45);
    const by = rng.range(h * 0.15, h * 0.3);
    for (let i = 0; i < n; i++) {
      const x = bx + rng.range(-60, 60) * (w / 1200);
      const y = by + rng.range(-30, 30) * (h / 675);
      const s = rng.range(5, 10) * (w / 1200 + 0.3);
      birds += `M${r1(x - s)} ${r1(y)}q${r1(s / 2)} ${r1(-s / 2)} ${r1(s)} 0q${r1(s / 2)} ${r1(-s / 2)} ${r1(s)} 0`;
    }
    body += `<path d="${birds}" fill="none" stroke="#3c3a37" stroke-width="${r1(1 + w / 1200)}" stroke-linecap="round"/>`;
    // a small vermilion seal in a corner (no characters)
    const ss = Math.min(w, h) * 0.05;
    body += `<rect x="${r1(w * 0.08)}" y="${r1(h * 0.82)}" width="${r1(ss)}" height="${r1(ss)}" rx="${r1(ss * 0.15)}" fill="${p.accent}" opacity=".85"/>`;
    body += `<rect x="${r1(w * 0.08 + ss * 0.2)}" y="${r1(h * 0.82 + ss * 0.2)}" width="${r1(ss * 0.6)}" height="${r1(ss * 0.6)}" fill="none" stroke="#f6f1e7" stroke-width="${r1(ss * 0.06)}"/>`;
    return [defs, body];
  },

  waves(rng, w, h, p) {
    let defs = linear('sky', p.sky);
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const cx = rng.range(w * 0.2, w * 0.8);
    const cy = rng.range(h * 0.15, h * 0.35);
    defs += glow('sun', p.accent);
    body += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(Math.min(w, h) * 0.3)}" fill="url(#sun)"/>`;
    const count = 5;
    for (let i = 0; i < count; i++) {
      const base = h * (0.42 + i * 0.12);
      const pts = wavePoints(rng, w, base, h * rng.range(0.03, 0.07), 8);
      const color = p.layers[Math.min(i, p.layers.length - 1)];
      body += `<path d="${smoothThrough(pts)}L${w} ${h}L0 ${h}Z" fill="${color}" opacity="${r2(0.55 + i * 0.1)}"/>`;
      if (i < 3) {
        const crest = wavePoints(rng, w, base - h * 0.01, h * 0.02, 6);
        body += `<path d="${smoothThrough(crest)}" fill="none" stroke="${p.light}" stroke-width="${r1(w / 900)}" opacity=".35"/>`;
      }
    }
    return [defs, body];
  },

  rain(rng, w, h, p) {
    let defs = linear('sky', p.sky) + glow('lamp', p.accent);
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const lx = rng.range(w * 0.25, w * 0.75);
    const ly = rng.range(h * 0.3, h * 0.5);
    body += `<circle cx="${r1(lx)}" cy="${r1(ly)}" r="${r1(Math.min(w, h) * 0.35)}" fill="url(#lamp)" opacity=".7"/>`;
    body += `<path d="${ridgePath(rng, w, h, h * 0.68, h * 0.1, 4, 0.5)}" fill="${p.layers[1]}" opacity=".8"/>`;
    // rooftops: a row of eaves
    let roofs = '';
    let x = -20;
    while (x < w) {
      const rw = rng.range(70, 160) * (w / 1200 + 0.2);
      const top = h * rng.range(0.7, 0.8);
      const lift = rw * 0.12;
      roofs += `M${r1(x)} ${r1(top + lift)}Q${r1(x + rw / 2)} ${r1(top - lift)} ${r1(x + rw)} ${r1(top + lift)}L${r1(x + rw * 0.9)} ${r1(top + lift * 1.5)}L${r1(x + rw * 0.9)} ${h}L${r1(x + rw * 0.1)} ${h}L${r1(x + rw * 0.1)} ${r1(top + lift * 1.5)}Z`;
      x += rw + rng.range(4, 24);
    }
    body += `<path d="${roofs}" fill="${p.layers[3]}"/>`;
    // windows glowing
    let win = '';
    for (let i = 0; i < rng.int(4, 9); i++) {
      const wx = rng.range(0, w);
      const wy = h * rng.range(0.82, 0.92);
      win += `M${r1(wx)} ${r1(wy)}h${r1(w * 0.012)}v${r1(h * 0.025)}h${r1(-w * 0.012)}z`;
    }
    body += `<path d="${win}" fill="${p.accent}" opacity=".8"/>`;
    // rain streaks, one path
    const slant = rng.range(-0.25, -0.08);
    let d = '';
    const drops = Math.round(90 * Math.sqrt((w * h) / (1200 * 675)));
    for (let i = 0; i < drops; i++) {
      const sx = rng.range(-0.1 * w, 1.1 * w);
      const sy = rng.range(-0.1 * h, h);
      const len = rng.range(0.03, 0.09) * h;
      d += `M${r1(sx)} ${r1(sy)}l${r1(len * slant)} ${r1(len)}`;
    }
    body += `<path d="${d}" stroke="${p.light}" stroke-width="${r1(Math.max(1, w / 900))}" stroke-linecap="round" opacity=".45"/>`;
    return [defs, body];
  },

  night(rng, w, h, p) {
    let defs = linear('sky', p.sky) + glow('moon', p.accent);
    defs += `<mask id="cres"><rect width="${w}" height="${h}" fill="#fff"/>`;
    const mx = rng.range(w * 0.55, w * 0.85);
    const my = rng.range(h * 0.15, h * 0.32);
    const mr = Math.min(w, h) * rng.range(0.06, 0.09);
    defs += `<circle cx="${r1(mx + mr * 0.45)}" cy="${r1(my - mr * 0.25)}" r="${r1(mr)}" fill="#000"/></mask>`;
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    body += stars(rng, w, h, Math.round(70 * Math.sqrt((w * h) / 810000)), p.light, 0.7);
    body += `<circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(mr * 4)}" fill="url(#moon)" opacity=".5"/>`;
    body += `<circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(mr)}" fill="${p.accent}" mask="url(#cres)"/>`;
    if (rng.chance(0.6)) {
      const sx = rng.range(w * 0.1, w * 0.4);
      const sy = rng.range(h * 0.08, h * 0.25);
      body += `<path d="M${r1(sx)} ${r1(sy)}l${r1(w * 0.12)} ${r1(h * 0.06)}" stroke="${p.light}" stroke-width="${r1(w / 700)}" stroke-linecap="round" opacity=".6"/>`;
    }
    for (let i = 0; i < 3; i++) {
      body += `<path d="${ridgePath(rng, w, h, h * (0.66 + i * 0.1), h * (0.16 - i * 0.03), 5, 0.5)}" fill="${p.layers[i + 1]}"/>`;
    }
    // reflections on water
    body += `<rect y="${r1(h * 0.9)}" width="${w}" height="${r1(h * 0.1)}" fill="${p.layers[0]}" opacity=".6"/>`;
    let ref = '';
    for (let i = 0; i < 7; i++) {
      const y = h * (0.915 + i * 0.012);
      const len = w * rng.range(0.03, 0.09);
      ref += `M${r1(mx - len / 2)} ${r1(y)}h${r1(len)}`;
    }
    body += `<path d="${ref}" stroke="${p.accent}" stroke-width="${r1(Math.max(1, h / 300))}" opacity=".55"/>`;
    return [defs, body];
  },

  aurora(rng, w, h, p) {
    let defs = linear('sky', [p.sky[0], p.sky[1]]);
    defs += `<filter id="blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="${r1(Math.min(w, h) * 0.04)}"/></filter>`;
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    body += stars(rng, w, h, 50, '#ffffff', 0.6);
    for (let i = 0; i < 3; i++) {
      const pts = wavePoints(rng, w, h * rng.range(0.25, 0.5), h * 0.12, 7);
      body += `<path d="${smoothThrough(pts)}" fill="none" stroke="${p.layers[i]}" stroke-width="${r1(h * rng.range(0.08, 0.16))}" opacity=".55" filter="url(#blur)"/>`;
    }
    body += `<path d="${ridgePath(rng, w, h, h * 0.82, h * 0.08, 5, 0.5)}" fill="${p.layers[3]}"/>`;
    body += `<path d="${ridgePath(rng, w, h, h * 0.9, h * 0.05, 5, 0.5)}" fill="#05070f" opacity=".8"/>`;
    return [defs, body];
  },

  bokeh(rng, w, h, p) {
    let defs = linear('sky', p.sky, false);
    const cols = [p.layers[0], p.layers[1], p.accent, p.light];
    cols.forEach((c, i) => {
      defs += `<radialGradient id="b${i}"><stop offset="0" stop-color="${c}" stop-opacity=".85"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;
    });
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const n = Math.round(26 * Math.sqrt((w * h) / 810000)) + 8;
    for (let i = 0; i < n; i++) {
      const r = Math.min(w, h) * rng.range(0.03, 0.2);
      body += `<circle cx="${r1(rng.range(0, w))}" cy="${r1(rng.range(0, h))}" r="${r1(r)}" fill="url(#b${rng.int(0, 3)})" opacity="${r2(rng.range(0.35, 0.9))}"/>`;
    }
    for (let i = 0; i < 6; i++) {
      const r = Math.min(w, h) * rng.range(0.05, 0.12);
      body += `<circle cx="${r1(rng.range(0, w))}" cy="${r1(rng.range(0, h))}" r="${r1(r)}" fill="none" stroke="${p.light}" stroke-width="${r1(Math.min(w, h) / 300)}" opacity=".35"/>`;
    }
    return [defs, body];
  },

  blossom(rng, w, h, p) {
    let defs = linear('sky', p.sky);
    const petal = p.layers[1];
    defs += `<g id="fl"><circle cx="0" cy="-7" r="6" fill="${petal}"/><circle cx="6.7" cy="-2.2" r="6" fill="${petal}"/><circle cx="4.1" cy="5.7" r="6" fill="${petal}"/><circle cx="-4.1" cy="5.7" r="6" fill="${petal}"/><circle cx="-6.7" cy="-2.2" r="6" fill="${petal}"/><circle r="2.6" fill="${p.accent}"/></g>`;
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    body += `<circle cx="${r1(w * rng.range(0.6, 0.8))}" cy="${r1(h * rng.range(0.3, 0.5))}" r="${r1(Math.min(w, h) * 0.22)}" fill="${p.light}" opacity=".5"/>`;
    const segs = [[], [], [], []];
    const tips = [];
    const scale = Math.min(w, h) / 675;
    const grow = (x, y, ang, len, depth) => {
      const x2 = x + Math.cos(ang) * len;
      const y2 = y + Math.sin(ang) * len;
      const bend = rng.range(-0.3, 0.3) * len;
      const cx = (x + x2) / 2 + Math.cos(ang + Math.PI / 2) * bend;
      const cy = (y + y2) / 2 + Math.sin(ang + Math.PI / 2) * bend;
      segs[Math.min(depth, 3)].push(`M${r1(x)} ${r1(y)}Q${r1(cx)} ${r1(cy)} ${r1(x2)} ${r1(y2)}`);
      if (depth >= 3 || len < 25 * scale) {
        tips.push([x2, y2]);
        return;
      }
      const kids = depth === 0 ? 3 : 2;
      for (let k = 0; k < kids; k++) {
        grow(x2, y2, ang + rng.range(-0.75, 0.75), len * rng.range(0.55, 0.75), depth + 1);
      }
      if (rng.chance(0.6)) tips.push([(x + x2) / 2, (y + y2) / 2]);
    };
    const fromLeft = rng.chance(0.5);
    grow(fromLeft ? -10 : w + 10, h * rng.range(0.55, 0.85), fromLeft ? rng.range(-0.6, -0.2) : Math.PI + rng.range(0.2, 0.6), 260 * scale, 0);
    const widths = [14, 8, 4.5, 2.5];
    segs.forEach((s, i) => {
      if (s.length) body += `<path d="${s.join('')}" fill="none" stroke="${p.layers[3]}" stroke-width="${r1(widths[i] * scale)}" stroke-linecap="round"/>`;
    });
    for (const [x, y] of tips.slice(0, 26)) {
      body += `<use href="#fl" transform="translate(${r1(x)} ${r1(y)}) scale(${r2(rng.range(0.7, 1.5) * scale)}) rotate(${Math.round(rng.range(0, 72))})"/>`;
    }
    let fall = '';
    for (let i = 0; i < 14; i++) {
      const x = rng.range(0, w);
      const y = rng.range(0, h);
      const s = rng.range(3, 7) * scale;
      fall += `M${r1(x)} ${r1(y)}q${r1(s)} ${r1(-s)} ${r1(s * 2)} 0q${r1(-s)} ${r1(s)} ${r1(-s * 2)} 0`;
    }
    body += `<path d="${fall}" fill="${petal}" opacity=".7"/>`;
    return [defs, body];
  },

  spectrum(rng, w, h, p) {
    let defs = linear('sky', p.sky) + linear('bar', [p.accent, p.layers[0]]);
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const n = 48;
    const gap = w / n;
    const bw = gap * 0.62;
    const mid = h * 0.62;
    let bars = '';
    let refl = '';
    const f = rng.range(1.5, 3);
    for (let i = 0; i < n; i++) {
      const t = i / n;
      const env = Math.pow(Math.sin(Math.PI * Math.min(1, t * 1.15 + 0.03)), 0.8);
      const v = Math.max(0.06, env * (0.45 + 0.35 * Math.sin(t * Math.PI * f * 2) + rng.range(0, 0.3)));
      const bh = v * h * 0.5;
      const x = i * gap + (gap - bw) / 2;
      bars += `<rect x="${r1(x)}" y="${r1(mid - bh)}" width="${r1(bw)}" height="${r1(bh)}" rx="${r1(bw / 2)}"/>`;
      refl += `M${r1(x)} ${r1(mid + 6)}h${r1(bw)}v${r1(bh * 0.35)}h${r1(-bw)}z`;
    }
    body += `<g fill="url(#bar)">${bars}</g>`;
    body += `<path d="${refl}" fill="${p.layers[1]}" opacity=".22"/>`;
    const pts = wavePoints(rng, w, mid - h * 0.35, h * 0.05, 10);
    body += `<path d="${smoothThrough(pts)}" fill="none" stroke="${p.accent}" stroke-width="${r1(w / 500)}" opacity=".7"/>`;
    return [defs, body];
  },

  nodes(rng, w, h, p) {
    let defs = linear('sky', p.sky, false) + glow('g', p.accent);
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const pts = [];
    const n = rng.int(9, 13);
    for (let i = 0; i < n; i++) pts.push([rng.range(w * 0.08, w * 0.92), rng.range(h * 0.12, h * 0.88)]);
    let edges = '';
    const limit = Math.min(w, h) * 0.45;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = pts[j][0] - pts[i][0];
        const dy = pts[j][1] - pts[i][1];
        if (Math.hypot(dx, dy) < limit) {
          const mx = (pts[i][0] + pts[j][0]) / 2 - dy * 0.15;
          const my = (pts[i][1] + pts[j][1]) / 2 + dx * 0.15;
          edges += `M${r1(pts[i][0])} ${r1(pts[i][1])}Q${r1(mx)} ${r1(my)} ${r1(pts[j][0])} ${r1(pts[j][1])}`;
        }
      }
    }
    body += `<path d="${edges}" fill="none" stroke="${p.light}" stroke-width="${r1(Math.min(w, h) / 260)}" opacity=".4"/>`;
    const unit = Math.min(w, h);
    pts.forEach(([x, y], i) => {
      const r = unit * (i === 0 ? 0.07 : rng.range(0.03, 0.055));
      body += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r * 2.6)}" fill="url(#g)" opacity=".35"/>`;
      body += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${p.layers[i % p.layers.length]}" stroke="${p.light}" stroke-width="${r1(unit / 220)}"/>`;
      if (i === 0) body += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r * 0.6)}" fill="none" stroke="${p.light}" stroke-width="${r1(unit / 300)}"/>`;
    });
    return [defs, body];
  },

  tiles(rng, w, h, p) {
    const defs = '';
    const cols = [...p.layers, p.accent];
    let body = `<rect width="${w}" height="${h}" fill="${p.sky[0]}"/>`;
    const cell = Math.min(w, h) / (w === h ? 4 : 4.5);
    const nx = Math.ceil(w / cell);
    const ny = Math.ceil(h / cell);
    for (let gy = 0; gy < ny; gy++) {
      for (let gx = 0; gx < nx; gx++) {
        const x = r1(gx * cell);
        const y = r1(gy * cell);
        const c = r1(cell);
        const fg = rng.pick(cols);
        const kind = rng.int(0, 5);
        if (rng.chance(0.5)) body += `<rect x="${x}" y="${y}" width="${c}" height="${c}" fill="${rng.pick(cols)}" opacity=".35"/>`;
        if (kind === 0) {
          const corner = rng.int(0, 3);
          const ox = corner % 2 ? x + c : x;
          const oy = corner > 1 ? y + c : y;
          const sx = corner % 2 ? -c : c;
          const sy = corner > 1 ? -c : c;
          body += `<path d="M${r1(ox)} ${r1(oy)}h${r1(sx)}A${c} ${c} 0 0 ${(corner === 0 || corner === 3) ? 1 : 0} ${r1(ox)} ${r1(oy + sy)}Z" fill="${fg}"/>`;
        } else if (kind === 1) {
          body += `<circle cx="${r1(x + c / 2)}" cy="${r1(y + c / 2)}" r="${r1(c * 0.36)}" fill="${fg}"/>`;
        } else if (kind === 2) {
          body += `<path d="M${x} ${r1(y + c)}L${r1(x + c / 2)} ${y}L${r1(x + c)} ${r1(y + c)}Z" fill="${fg}"/>`;
        } else if (kind === 3) {
          body += `<path d="M${x} ${r1(y + c / 2)}A${r1(c / 2)} ${r1(c / 2)} 0 0 1 ${r1(x + c)} ${r1(y + c / 2)}Z" fill="${fg}"/>`;
        } else if (kind === 4) {
          body += `<circle cx="${r1(x + c / 2)}" cy="${r1(y + c / 2)}" r="${r1(c * 0.32)}" fill="none" stroke="${fg}" stroke-width="${r1(c * 0.1)}"/>`;
        }
      }
    }
    return [defs, body];
  },

  dunes(rng, w, h, p) {
    let defs = linear('sky', p.sky) + glow('sun', p.accent);
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const sx = rng.range(w * 0.25, w * 0.75);
    const sy = h * rng.range(0.35, 0.5);
    const sr = Math.min(w, h) * 0.16;
    body += `<circle cx="${r1(sx)}" cy="${r1(sy)}" r="${r1(sr * 2.8)}" fill="url(#sun)"/>`;
    body += `<circle cx="${r1(sx)}" cy="${r1(sy)}" r="${r1(sr)}" fill="${p.accent}"/>`;
    // sun stripes cut by sky-coloured bars
    let cut = '';
    for (let i = 0; i < 4; i++) {
      const y = sy + sr * (0.2 + i * 0.2);
      cut += `M${r1(sx - sr)} ${r1(y)}h${r1(sr * 2)}v${r1(sr * (0.04 + i * 0.025))}h${r1(-sr * 2)}z`;
    }
    body += `<path d="${cut}" fill="${p.sky[1]}"/>`;
    for (let i = 0; i < 4; i++) {
      const pts = wavePoints(rng, w, h * (0.58 + i * 0.11), h * 0.06, 6);
      body += `<path d="${smoothThrough(pts)}L${w} ${h}L0 ${h}Z" fill="${p.layers[i]}"/>`;
    }
    return [defs, body];
  },

  avatar(rng, w, h, p) {
    let defs = linear('sky', p.sky) + glow('moon', p.accent);
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    body += stars(rng, w, h, 14, p.light, 0.5);
    const mx = w * 0.62;
    const my = h * 0.36;
    body += `<circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(w * 0.36)}" fill="url(#moon)" opacity=".55"/>`;
    body += `<circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(w * 0.17)}" fill="${p.accent}"/>`;
    // a little pavilion roof silhouette (the "小筑")
    body += `<path d="M${r1(w * 0.12)} ${r1(h * 0.7)}Q${r1(w * 0.5)} ${r1(h * 0.55)} ${r1(w * 0.88)} ${r1(h * 0.7)}L${r1(w * 0.76)} ${r1(h * 0.7)}L${r1(w * 0.76)} ${h}L${r1(w * 0.24)} ${h}L${r1(w * 0.24)} ${r1(h * 0.7)}Z" fill="${p.layers[3]}"/>`;
    body += `<rect x="${r1(w * 0.44)}" y="${r1(h * 0.78)}" width="${r1(w * 0.12)}" height="${r1(h * 0.12)}" fill="${p.accent}" opacity=".85"/>`;
    let d = '';
    for (let i = 0; i < 22; i++) {
      const x = rng.range(0, w);
      const y = rng.range(0, h * 0.9);
      d += `M${r1(x)} ${r1(y)}l-3 ${r1(rng.range(10, 20))}`;
    }
    body += `<path d="${d}" stroke="${p.light}" stroke-width="1.6" stroke-linecap="round" opacity=".55"/>`;
    return [defs, body];
  },
};

// --------------------------------------------------------------- the catalog
// [file name, width, height, scene, palette]

const COVER = [1200, 675];
const PHOTO = [800, 800];
const ICON = [200, 200];

const catalog = [
  // post covers
  ['cover-xstate', ...COVER, 'nodes', 'lavender'],
  ['cover-container-queries', ...COVER, 'tiles', 'sea'],
  ['cover-vite', ...COVER, 'aurora', 'ember'],
  ['cover-type-narrowing', ...COVER, 'tiles', 'lavender'],
  ['cover-fastify', ...COVER, 'nodes', 'mint'],
  ['cover-fts5', ...COVER, 'bokeh', 'sea'],
  ['cover-sqlite-wal', ...COVER, 'waves', 'sea'],
  ['cover-git-worktree', ...COVER, 'nodes', 'amber'],
  ['cover-cli-tools', ...COVER, 'aurora', 'mint'],
  ['cover-knowledge-base', ...COVER, 'ink', 'ink'],
  ['cover-rain-ci', ...COVER, 'rain', 'rain'],
  ['cover-web-audio', ...COVER, 'spectrum', 'night'],
  ['cover-pentatonic', ...COVER, 'ink', 'ink'],
  ['cover-jingzhe', ...COVER, 'blossom', 'sakura'],
  ['cover-review-2025', ...COVER, 'dunes', 'amber'],
  ['cover-changing-jobs', ...COVER, 'mountains', 'dawn'],
  // inline illustrations
  ['illus-state-flow', ...COVER, 'nodes', 'night'],
  ['illus-layout-grid', ...COVER, 'tiles', 'jade'],
  ['illus-rain-window', ...COVER, 'rain', 'night'],
  ['illus-spectrum', ...COVER, 'spectrum', 'ember'],
  ['illus-spring-thunder', ...COVER, 'blossom', 'jade'],
  // page headers
  ['header-home', ...COVER, 'rain', 'rain'],
  ['header-archives', ...COVER, 'mountains', 'dusk'],
  ['header-category', ...COVER, 'waves', 'lavender'],
  ['header-tag', ...COVER, 'bokeh', 'sakura'],
  ['header-article-list', ...COVER, 'ink', 'ink'],
  ['header-photo-album', ...COVER, 'mountains', 'jade'],
  ['header-photos', ...COVER, 'dunes', 'dawn'],
  ['header-talk', ...COVER, 'night', 'night'],
  ['header-links', ...COVER, 'waves', 'mint'],
  ['header-resources-front', ...COVER, 'aurora', 'night'],
  ['header-resources-back', ...COVER, 'nodes', 'sea'],
  ['header-site-list', ...COVER, 'tiles', 'amber'],
  ['header-user-center', ...COVER, 'bokeh', 'lavender'],
  ['header-message-list', ...COVER, 'blossom', 'sakura'],
  ['header-message-publish', ...COVER, 'waves', 'dawn'],
  ['header-message-detail', ...COVER, 'mountains', 'amber'],
  ['header-article', ...COVER, 'night', 'dusk'],
  // avatar
  ['avatar', ...ICON, 'avatar', 'night'],
  // album: 江南烟雨
  ['album-jiangnan-cover', ...PHOTO, 'rain', 'rain'],
  ['photo-jiangnan-1', ...PHOTO, 'ink', 'ink'],
  ['photo-jiangnan-2', ...PHOTO, 'rain', 'night'],
  ['photo-jiangnan-3', ...PHOTO, 'waves', 'jade'],
  ['photo-jiangnan-4', ...PHOTO, 'blossom', 'ink'],
  ['photo-jiangnan-5', ...PHOTO, 'mountains', 'jade'],
  ['photo-jiangnan-6', ...PHOTO, 'rain', 'rain'],
  // album: 山海之间
  ['album-travel-cover', ...PHOTO, 'mountains', 'dusk'],
  ['photo-travel-1', ...PHOTO, 'waves', 'sea'],
  ['photo-travel-2', ...PHOTO, 'mountains', 'amber'],
  ['photo-travel-3', ...PHOTO, 'dunes', 'amber'],
  ['photo-travel-4', ...PHOTO, 'night', 'night'],
  ['photo-travel-5', ...PHOTO, 'aurora', 'mint'],
  ['photo-travel-6', ...PHOTO, 'mountains', 'dawn'],
  ['photo-travel-7', ...PHOTO, 'waves', 'dusk'],
  // album: 四季花事
  ['album-seasons-cover', ...PHOTO, 'blossom', 'sakura'],
  ['photo-seasons-1', ...PHOTO, 'blossom', 'jade'],
  ['photo-seasons-2', ...PHOTO, 'bokeh', 'sakura'],
  ['photo-seasons-3', ...PHOTO, 'blossom', 'dawn'],
  ['photo-seasons-4', ...PHOTO, 'dunes', 'ember'],
  ['photo-seasons-5', ...PHOTO, 'blossom', 'lavender'],
  // talks
  ['talk-01', ...PHOTO, 'rain', 'rain'],
  ['talk-02', ...PHOTO, 'bokeh', 'amber'],
  ['talk-03', ...PHOTO, 'night', 'night'],
  ['talk-04', ...PHOTO, 'blossom', 'sakura'],
  ['talk-05', ...PHOTO, 'spectrum', 'lavender'],
  ['talk-06', ...PHOTO, 'waves', 'sea'],
  ['talk-07', ...PHOTO, 'mountains', 'jade'],
  ['talk-08', ...PHOTO, 'tiles', 'dawn'],
  ['talk-09', ...PHOTO, 'dunes', 'dusk'],
  ['talk-10', ...PHOTO, 'ink', 'ink'],
  ['talk-11', ...PHOTO, 'aurora', 'night'],
  ['talk-12', ...PHOTO, 'bokeh', 'mint'],
  // friend-link avatars
  ['link-1', ...ICON, 'bokeh', 'sakura'],
  ['link-2', ...ICON, 'tiles', 'sea'],
  ['link-3', ...ICON, 'night', 'night'],
  ['link-4', ...ICON, 'waves', 'jade'],
  ['link-5', ...ICON, 'tiles', 'amber'],
  ['link-6', ...ICON, 'dunes', 'dawn'],
  ['link-7', ...ICON, 'bokeh', 'lavender'],
  ['link-8', ...ICON, 'mountains', 'mint'],
  // resource covers
  ...Array.from({ length: 18 }, (_, i) => [
    `res-${String(i + 1).padStart(2, '0')}`,
    ...COVER,
    ['tiles', 'waves', 'bokeh', 'aurora', 'nodes', 'dunes'][i % 6],
    ['sea', 'lavender', 'jade', 'amber', 'mint', 'dawn', 'dusk', 'night', 'ember'][i % 9],
  ]),
  // site icons
  ...Array.from({ length: 16 }, (_, i) => [
    `site-${String(i + 1).padStart(2, '0')}`,
    ...ICON,
    ['tiles', 'bokeh', 'waves', 'tiles'][i % 4],
    ['sea', 'amber', 'lavender', 'jade', 'dawn', 'mint', 'ember', 'dusk'][i % 8],
  ]),
  // message-board backgrounds
  ['msg-bg-1', ...COVER, 'waves', 'dawn'],
  ['msg-bg-2', ...COVER, 'bokeh', 'sakura'],
  ['msg-bg-3', ...COVER, 'ink', 'ink'],
  ['msg-bg-4', ...COVER, 'dunes', 'lavender'],
];

// ------------------------------------------------------------------- render

function render(name, w, h, sceneName, paletteName) {
  const rng = createRng(name);
  const palette = PALETTES[paletteName];
  const [defs, body] = scenes[sceneName](rng, w, h, palette);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="xMidYMid slice">` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>\n'
  );
}

mkdirSync(OUT_DIR, { recursive: true });
let total = 0;
const sizes = {};
for (const [name, w, h, scene, palette] of catalog) {
  const webp = await sharp(Buffer.from(render(name, w, h, scene, palette))).webp(WEBP).toBuffer();
  if (webp.length > MAX_BYTES) throw new Error(`${name} is ${webp.length} bytes, over the ${MAX_BYTES} byte budget`);
  writeFileSync(join(OUT_DIR, `${name}.webp`), webp);
  sizes[`${name}.webp`] = { width: w, height: h };
  total += webp.length;
}
writeFileSync(join(OUT_DIR, 'sizes.json'), `${JSON.stringify(sizes, null, 2)}\n`);
console.log(`wrote ${catalog.length} images (${(total / 1024).toFixed(1)} KiB) to ${OUT_DIR}`);
