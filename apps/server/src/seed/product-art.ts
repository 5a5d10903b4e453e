/**
 * The demo catalog's pictures: one flat drawing per kind of product, in the colour of the chosen
 * swatch, on a tinted square. Drawn here as SVG (no image host, no binary files in the repo) and
 * stored like uploads when the demo is seeded. No text inside: the product's name is shown next to
 * its picture everywhere, and a name drawn inside would be unreadable at cart-thumbnail size.
 */

export type ArtKind =
  | 'tshirt'
  | 'hoodie'
  | 'beanie'
  | 'tote'
  | 'socks'
  | 'jacket'
  | 'mug'
  | 'coffee'
  | 'napkins'
  | 'board'
  | 'candle'
  | 'book';

/** `hex` mixed towards black (amount < 0) or white (amount > 0), as `#rrggbb`. */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const target = amount < 0 ? 0 : 255;
  const mix = (channel: number) => Math.round(channel + (target - channel) * Math.abs(amount));
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map(mix);
  return `#${(((r! << 16) | (g! << 8) | b!) >>> 0).toString(16).padStart(6, '0')}`;
}

/** Light colours get a darker outline so a white shirt still shows on a pale background. */
const outline = 'stroke="#1f2328" stroke-opacity="0.22" stroke-width="5" stroke-linejoin="round"';

type Drawing = (main: string, dark: string, light: string) => string;

const drawings: Record<ArtKind, Drawing> = {
  tshirt: (main, dark) => `
    <path d="M270 170 L340 148 Q400 196 460 148 L530 170 L655 262 L598 346 L540 308 L540 642 L260 642 L260 308 L202 346 L145 262 Z" fill="${main}" ${outline}/>
    <path d="M340 148 Q400 214 460 148" fill="none" stroke="${dark}" stroke-width="14" stroke-linecap="round"/>
    <path d="M260 308 L260 352 M540 308 L540 352" stroke="${dark}" stroke-opacity="0.35" stroke-width="6"/>`,
  hoodie: (main, dark, light) => `
    <path d="M285 205 L515 205 L640 300 L690 598 L615 616 L560 392 L560 662 L240 662 L240 392 L185 616 L110 598 L160 300 Z" fill="${main}" ${outline}/>
    <path d="M305 212 Q400 86 495 212 Q400 268 305 212 Z" fill="${dark}" ${outline}/>
    <path d="M400 248 L400 662" stroke="${light}" stroke-width="7"/>
    <path d="M296 520 L504 520 L522 618 L278 618 Z" fill="${dark}" fill-opacity="0.55"/>
    <path d="M372 246 L366 330 M428 246 L434 330" stroke="${light}" stroke-width="6" stroke-linecap="round"/>
    <rect x="240" y="636" width="320" height="26" fill="${dark}" fill-opacity="0.5"/>`,
  beanie: (main, dark, light) => `
    <circle cx="400" cy="214" r="58" fill="${light}" ${outline}/>
    <path d="M220 522 Q220 242 400 242 Q580 242 580 522 Z" fill="${main}" ${outline}/>
    <path d="M300 270 Q262 390 262 512 M400 244 L400 512 M500 270 Q538 390 538 512" fill="none" stroke="${dark}" stroke-opacity="0.35" stroke-width="6"/>
    <rect x="196" y="498" width="408" height="118" rx="26" fill="${dark}" ${outline}/>
    <path d="M236 514 V600 M276 514 V600 M316 514 V600 M356 514 V600 M396 514 V600 M436 514 V600 M476 514 V600 M516 514 V600 M556 514 V600" stroke="${main}" stroke-opacity="0.5" stroke-width="8"/>`,
  tote: (main, dark) => `
    <path d="M300 346 Q300 160 400 160 Q500 160 500 346" fill="none" stroke="${dark}" stroke-width="24" stroke-linecap="round"/>
    <path d="M224 330 L576 330 L606 654 L194 654 Z" fill="${main}" ${outline}/>
    <path d="M224 330 L576 330 L579 368 L221 368 Z" fill="${dark}" fill-opacity="0.35"/>
    <path d="M300 368 V420 M500 368 V420" stroke="${dark}" stroke-width="24" stroke-linecap="round"/>`,
  socks: (main, dark, light) => {
    const sock = (dx: number, fill: string) => `
    <g transform="translate(${dx} 0)">
      <path d="M300 170 L410 170 L410 468 Q410 512 452 534 L572 594 Q624 622 600 674 Q576 718 514 700 L332 616 Q300 598 300 556 Z" fill="${fill}" ${outline}/>
      <rect x="300" y="170" width="110" height="70" fill="${dark}"/>
      <path d="M300 262 H410 M300 286 H410" stroke="${dark}" stroke-width="10"/>
      <path d="M540 578 Q616 604 600 674 Q580 718 514 700 L494 690 Q556 650 540 578 Z" fill="${dark}"/>
      <path d="M410 468 Q410 512 452 534 L420 560 Q372 548 360 500 Z" fill="${dark}" fill-opacity="0.5"/>
    </g>`;
    return sock(-90, light) + sock(20, main);
  },
  jacket: (main, dark, light) => `
    <path d="M290 196 L510 196 L636 292 L684 610 L612 626 L566 392 L566 684 L234 684 L234 392 L188 626 L116 610 L164 292 Z" fill="${main}" ${outline}/>
    <path d="M300 204 Q400 70 500 204 L470 240 Q400 180 330 240 Z" fill="${dark}" ${outline}/>
    <path d="M400 236 L400 684" stroke="${dark}" stroke-width="9"/>
    <path d="M272 470 H368 M432 470 H528" stroke="${dark}" stroke-width="10" stroke-linecap="round"/>
    <path d="M272 470 L272 540 H368 V470 M432 470 V540 H528 V470" fill="none" stroke="${dark}" stroke-opacity="0.45" stroke-width="5"/>
    <circle cx="372" cy="300" r="7" fill="${light}"/><circle cx="372" cy="380" r="7" fill="${light}"/>`,
  mug: (main, dark, light) => `
    <path d="M508 338 Q626 336 626 432 Q626 528 508 526" fill="none" stroke="${dark}" stroke-width="46"/>
    <path d="M508 338 Q626 336 626 432 Q626 528 508 526" fill="none" stroke="${main}" stroke-width="36"/>
    <path d="M246 290 L514 290 L514 566 Q514 624 456 624 L304 624 Q246 624 246 566 Z" fill="${main}" ${outline}/>
    <ellipse cx="380" cy="290" rx="134" ry="28" fill="${dark}" ${outline}/>
    <path d="M290 330 V560" stroke="${light}" stroke-opacity="0.55" stroke-width="16" stroke-linecap="round"/>
    <path d="M340 240 Q320 200 345 170 M400 236 Q380 192 405 160 M460 240 Q440 200 465 170" fill="none" stroke="#1f2328" stroke-opacity="0.18" stroke-width="10" stroke-linecap="round"/>`,
  coffee: (main, dark, light) => `
    <path d="M268 236 L532 236 L562 664 L238 664 Z" fill="${main}" ${outline}/>
    <path d="M276 176 L524 176 L532 240 L268 240 Z" fill="${dark}" ${outline}/>
    <path d="M290 204 H510" stroke="${main}" stroke-opacity="0.6" stroke-width="6" stroke-dasharray="14 10"/>
    <rect x="304" y="360" width="192" height="176" rx="16" fill="${light}"/>
    <ellipse cx="400" cy="448" rx="44" ry="60" fill="#5a3a22" transform="rotate(-24 400 448)"/>
    <path d="M386 396 Q420 448 392 500" fill="none" stroke="${light}" stroke-width="8" stroke-linecap="round" transform="rotate(-24 400 448)"/>`,
  napkins: (main, dark, light) =>
    [0, 1, 2]
      .map(
        (i) => `
    <g transform="translate(${-60 + i * 60} ${90 - i * 70})">
      <rect x="200" y="330" width="340" height="250" rx="18" fill="${i === 1 ? light : main}" ${outline}/>
      <path d="M200 455 H540" stroke="${dark}" stroke-opacity="0.35" stroke-width="6"/>
      <path d="M216 346 H524 V564 H216 Z" fill="none" stroke="${dark}" stroke-opacity="0.4" stroke-width="4" stroke-dasharray="10 8"/>
    </g>`,
      )
      .join(''),
  board: (main, dark, light) => `
    <path d="M196 312 L552 312 Q608 312 608 368 L608 528 Q608 584 552 584 L196 584 Q140 584 140 528 L140 368 Q140 312 196 312 Z" fill="${main}" ${outline}/>
    <path d="M604 404 L690 404 Q716 448 690 492 L604 492 Z" fill="${main}" ${outline}/>
    <circle cx="664" cy="448" r="16" fill="${dark}"/>
    <path d="M180 380 Q320 350 460 384 T590 376 M170 450 Q330 420 470 456 T596 446 M180 520 Q320 492 450 522 T590 516" fill="none" stroke="${dark}" stroke-opacity="0.45" stroke-width="6" stroke-linecap="round"/>
    <path d="M196 332 L552 332" stroke="${light}" stroke-opacity="0.6" stroke-width="8" stroke-linecap="round"/>`,
  candle: (main, dark, light) => `
    <path d="M400 176 Q440 232 424 262 Q400 292 376 262 Q360 232 400 176 Z" fill="#f2a33a"/>
    <path d="M400 214 Q414 242 406 256 Q400 266 394 256 Q388 242 400 214 Z" fill="#fff3c4"/>
    <path d="M400 262 V316" stroke="#1f2328" stroke-width="6"/>
    <rect x="262" y="296" width="276" height="352" rx="40" fill="${light}" fill-opacity="0.7" ${outline}/>
    <path d="M276 346 H524 V608 Q524 634 498 634 H302 Q276 634 276 608 Z" fill="${main}"/>
    <ellipse cx="400" cy="346" rx="124" ry="18" fill="${dark}"/>
    <rect x="292" y="438" width="216" height="112" rx="12" fill="#ffffff" fill-opacity="0.85"/>
    <path d="M322 476 H478 M342 510 H458" stroke="${dark}" stroke-width="8" stroke-linecap="round"/>`,
  book: (main, dark, light) => `
    <path d="M400 262 Q300 214 168 238 L168 612 Q300 588 400 634 Q500 588 632 612 L632 238 Q500 214 400 262 Z" fill="${main}" ${outline}/>
    <path d="M400 244 Q306 200 190 222 L190 592 Q306 570 400 612 Z" fill="#ffffff" ${outline}/>
    <path d="M400 244 Q494 200 610 222 L610 592 Q494 570 400 612 Z" fill="#fbfaf6" ${outline}/>
    <circle cx="294" cy="340" r="58" fill="${light}"/>
    <path d="M258 342 Q294 300 330 342 Q294 384 258 342 Z" fill="${dark}"/>
    <path d="M230 452 Q300 440 366 456 M230 488 Q300 476 366 492 M230 524 Q290 514 340 526" fill="none" stroke="#1f2328" stroke-opacity="0.2" stroke-width="9" stroke-linecap="round"/>
    <path d="M434 286 Q500 272 570 282 M434 322 Q500 308 570 318 M434 358 Q500 344 570 354 M434 430 Q500 416 570 426 M434 466 Q500 452 570 462 M434 502 Q480 492 530 498" fill="none" stroke="#1f2328" stroke-opacity="0.2" stroke-width="9" stroke-linecap="round"/>`,
};

/** A square 800×800 picture of `kind` in `colour` on `background`, as SVG text. */
export function productArt(kind: ArtKind, colour: string, background: string): string {
  const body = drawings[kind](colour, shade(colour, -0.28), shade(colour, 0.35));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">',
    `<rect width="800" height="800" fill="${background}"/>`,
    '<ellipse cx="400" cy="706" rx="250" ry="30" fill="#1f2328" fill-opacity="0.08"/>',
    body.replace(/\n\s*/g, ''),
    '</svg>',
  ].join('');
}
