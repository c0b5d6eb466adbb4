/** Generated test photos (SVG rendered by sharp): no binary fixtures, no real person's document. */

/** An ID card in the frame: border, photo box and lines of glyph-sized dark blocks (text without needing fonts). */
export function idCard(width = 1200, height = 760): Buffer {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let glyphs = '';
  for (let line = 0; line < 12; line++) {
    for (let x = 420; x < 1120;) {
      const w = 6 + Math.floor(random() * 22);
      glyphs += `<rect x="${x}" y="${120 + line * 48}" width="${w}" height="${18 + Math.floor(random() * 10)}" fill="#1a1a2e"/>`;
      x += w + 4 + Math.floor(random() * 10);
    }
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 760">` +
      '<rect width="1200" height="760" fill="#e8eef5"/><rect x="40" y="40" width="1120" height="680" rx="30" fill="#fdfdf8" stroke="#335" stroke-width="6"/>' +
      `<rect x="80" y="120" width="300" height="380" fill="#a9b3c1"/><circle cx="230" cy="260" r="80" fill="#6b4f3a"/>${glyphs}</svg>`,
  );
}

/** A head and shoulders against a wall: smooth shapes, far less fine detail than a document. */
export function portrait(): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="720" height="960">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9d6df"/><stop offset="1" stop-color="#7d8c99"/></linearGradient>
  <radialGradient id="skin" cx="0.45" cy="0.4" r="0.6"><stop offset="0" stop-color="#e0b48f"/><stop offset="1" stop-color="#a8764f"/></radialGradient></defs>
  <rect width="720" height="960" fill="url(#bg)"/><path d="M120 960 C140 760 580 760 600 960 Z" fill="#2e4a6b"/>
  <ellipse cx="360" cy="430" rx="190" ry="250" fill="url(#skin)"/><path d="M170 400 C160 160 560 160 550 400 C520 250 200 250 170 400 Z" fill="#1b1410"/>
  <ellipse cx="285" cy="420" rx="34" ry="16" fill="#fff"/><circle cx="285" cy="420" r="12" fill="#3a2618"/>
  <ellipse cx="435" cy="420" rx="34" ry="16" fill="#fff"/><circle cx="435" cy="420" r="12" fill="#3a2618"/>
  <path d="M240 380 Q285 360 330 380 M390 380 Q435 360 480 380" stroke="#1b1410" stroke-width="8" fill="none"/>
  <path d="M360 440 L345 520 L375 520" stroke="#8a5a3a" stroke-width="5" fill="none"/><path d="M300 590 Q360 625 420 590" stroke="#8e3b3b" stroke-width="10" fill="none"/>
  </svg>`);
}
