import { mulberry32, type Random } from './random';

/** Cover art drawn as SVG and rendered by sharp. No text: the server has no CJK font to promise. */
export type CoverTheme = 'dawn' | 'mountains' | 'night' | 'charts' | 'ancient';

const SIZE = 600;

const round = (value: number) => Math.round(value * 10) / 10;

/** A ridge line across the picture: a smooth path through seeded heights, closed along the bottom. */
function ridge(random: Random, baseline: number, height: number, peaks: number): string {
  const points = Array.from({ length: peaks * 2 + 1 }, (_, i) => {
    const x = (SIZE * i) / (peaks * 2);
    const y = baseline - (i % 2 === 1 ? height * (0.6 + 0.4 * random()) : height * 0.25 * random());
    return [round(x), round(y)] as const;
  });
  const [first, ...rest] = points;
  const curve = rest.map(([x, y], i) => {
    const [px, py] = points[i] ?? [0, 0];
    return `Q ${round((px + x) / 2)} ${round(Math.min(py, y) - height * 0.15)} ${x} ${y}`;
  });
  return `M 0 ${SIZE} L ${first?.[0] ?? 0} ${first?.[1] ?? 0} ${curve.join(' ')} L ${SIZE} ${SIZE} Z`;
}

function gradient(id: string, stops: readonly string[], vertical = true): string {
  const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  const body = stops.map((colour, i) => `<stop offset="${round((i / (stops.length - 1)) * 100)}%" stop-color="${colour}"/>`).join('');
  return `<linearGradient id="${id}" ${direction}>${body}</linearGradient>`;
}

function dawn(random: Random): string {
  const birds = Array.from({ length: 5 }, () => {
    const x = round(330 + random() * 200);
    const y = round(120 + random() * 120);
    const w = round(10 + random() * 10);
    return `<path d="M ${x - w} ${y - w / 3} Q ${x - w / 2} ${y - w / 2} ${x} ${y} Q ${x + w / 2} ${y - w / 2} ${x + w} ${y - w / 3}" stroke="#6b4e5e" stroke-width="2.5" fill="none" stroke-linecap="round"/>`;
  });
  return `<defs>${gradient('sky', ['#ffd9b8', '#ffb7a1', '#c9d8f0'])}<radialGradient id="sun"><stop offset="0%" stop-color="#fff6e0"/><stop offset="60%" stop-color="#ffd27a"/><stop offset="100%" stop-color="#ffd27a" stop-opacity="0"/></radialGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#sky)"/><circle cx="190" cy="330" r="150" fill="url(#sun)"/>
<path d="${ridge(random, 470, 120, 3)}" fill="#e8a598" opacity="0.8"/><path d="${ridge(random, 530, 90, 4)}" fill="#b97f88"/><path d="${ridge(random, 590, 60, 5)}" fill="#7d5a70"/>${birds.join('')}`;
}

function mountains(random: Random): string {
  const mist = Array.from({ length: 4 }, (_, i) => `<rect x="${round(-50 + random() * 100)}" y="${310 + i * 70}" width="${round(400 + random() * 300)}" height="14" rx="7" fill="#ffffff" opacity="0.45"/>`);
  return `<defs>${gradient('paper', ['#eef3ee', '#d6e4df'])}${gradient('ink', ['#3d5a58', '#9fbab3'])}</defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#paper)"/><circle cx="460" cy="140" r="46" fill="#d9534f" opacity="0.85"/>
<path d="${ridge(random, 400, 260, 2)}" fill="url(#ink)" opacity="0.55"/><path d="${ridge(random, 470, 200, 3)}" fill="url(#ink)" opacity="0.75"/>
<path d="${ridge(random, 560, 120, 4)}" fill="#2f4746"/>${mist.join('')}
<path d="M 0 560 C 150 530 300 590 600 545 L 600 600 L 0 600 Z" fill="#6f9a96" opacity="0.7"/>`;
}

function night(random: Random): string {
  const stars = Array.from({ length: 60 }, () => `<circle cx="${round(random() * SIZE)}" cy="${round(random() * 330)}" r="${round(0.6 + random() * 1.6)}" fill="#fff" opacity="${round(0.4 + random() * 0.6)}"/>`);
  const ripples = Array.from({ length: 7 }, (_, i) => `<rect x="${round(360 - 30 * i - random() * 20)}" y="${450 + i * 18}" width="${round(80 + 25 * i)}" height="3" rx="1.5" fill="#fdf3c7" opacity="${round(0.7 - i * 0.08)}"/>`);
  return `<defs>${gradient('sky', ['#0b1433', '#1d2b5c', '#3b3f78'])}<radialGradient id="glow"><stop offset="40%" stop-color="#fdf3c7" stop-opacity="0.55"/><stop offset="100%" stop-color="#fdf3c7" stop-opacity="0"/></radialGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#sky)"/>${stars.join('')}<circle cx="400" cy="190" r="140" fill="url(#glow)"/><circle cx="400" cy="190" r="70" fill="#fdf3c7"/>
<path d="${ridge(random, 440, 90, 3)}" fill="#131a38"/><rect y="440" width="${SIZE}" height="160" fill="#0e1430"/>${ripples.join('')}`;
}

function charts(random: Random): string {
  const rays = Array.from({ length: 24 }, (_, i) => {
    const angle = (i / 24) * Math.PI * 2 + random() * 0.05;
    return `<path d="M 300 300 L ${round(300 + 600 * Math.cos(angle))} ${round(300 + 600 * Math.sin(angle))} L ${round(300 + 600 * Math.cos(angle + 0.12))} ${round(300 + 600 * Math.sin(angle + 0.12))} Z" fill="#fff" opacity="0.07"/>`;
  });
  const grooves = Array.from({ length: 9 }, (_, i) => `<circle cx="300" cy="300" r="${95 + i * 14}" fill="none" stroke="#3a3a3a" stroke-width="1.2"/>`);
  const bars = Array.from({ length: 5 }, (_, i) => `<rect x="${70 + i * 34}" y="${round(520 - (40 + random() * 60) * (5 - i) * 0.35)}" width="22" height="${round((40 + random() * 60) * (5 - i) * 0.35)}" rx="4" fill="#fff" opacity="0.85"/>`);
  return `<defs>${gradient('hot', ['#ff416c', '#ff7a3d', '#ffb347'], false)}</defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#hot)"/>${rays.join('')}
<circle cx="300" cy="300" r="230" fill="#161616"/>${grooves.join('')}<circle cx="300" cy="300" r="80" fill="#ffcf5c"/><circle cx="300" cy="300" r="9" fill="#161616"/>
<path d="M 300 300 m -200 -40 a 205 205 0 0 1 90 -140" stroke="#ffffff" stroke-opacity="0.25" stroke-width="8" fill="none" stroke-linecap="round"/>${bars.join('')}`;
}

function ancient(random: Random): string {
  const blossoms = Array.from({ length: 14 }, () => {
    const x = round(150 + random() * 380);
    const y = round(90 + random() * 300);
    const r = round(9 + random() * 9);
    const petals = Array.from({ length: 5 }, (_, k) => {
      const angle = (k / 5) * Math.PI * 2;
      return `<circle cx="${round(x + r * Math.cos(angle))}" cy="${round(y + r * Math.sin(angle))}" r="${r}" fill="#e85d75" opacity="0.85"/>`;
    });
    return `${petals.join('')}<circle cx="${x}" cy="${y}" r="${round(r / 2.5)}" fill="#ffd166"/>`;
  });
  return `<defs>${gradient('silk', ['#f6efe0', '#e9dcc0'])}</defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#silk)"/><circle cx="170" cy="200" r="120" fill="#d8c79f" opacity="0.45"/>
<path d="M 40 560 C 160 470 220 420 320 330 S 470 200 560 120" stroke="#4a3b30" stroke-width="14" fill="none" stroke-linecap="round"/>
<path d="M 260 380 C 300 330 330 300 420 280 M 330 320 C 330 260 300 220 280 170" stroke="#4a3b30" stroke-width="7" fill="none" stroke-linecap="round"/>
${blossoms.join('')}<rect x="480" y="470" width="70" height="70" rx="6" fill="none" stroke="#b8312f" stroke-width="6"/><rect x="497" y="487" width="36" height="36" fill="#b8312f"/>`;
}

const DRAW: Record<CoverTheme, (random: Random) => string> = { dawn, mountains, night, charts, ancient };

export function coverSvg(theme: CoverTheme, seed: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${DRAW[theme](mulberry32(seed))}</svg>`;
}

/** A square JPEG of the cover, `pixels` wide. */
export async function renderCover(theme: CoverTheme, seed: number, pixels: number): Promise<Buffer> {
  // Loaded on first use: a server that decodes no image never loads libvips.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(coverSvg(theme, seed))).resize(pixels, pixels).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
