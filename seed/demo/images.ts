// ---------- Sample images ----------

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const SIGNATURE = svgDataUrl(
  "<svg xmlns='http://www.w3.org/2000/svg' width='400' height='120'>" +
    "<path d='M20 90 C 50 20, 80 20, 100 80 S 150 110, 180 50 S 240 20, 260 80 S 330 100, 380 40' " +
    "stroke='#1f2937' stroke-width='3' fill='none' stroke-linecap='round'/></svg>",
);

export const DIAGRAM = svgDataUrl(
  "<svg xmlns='http://www.w3.org/2000/svg' width='800' height='300'>" +
    "<rect x='20' y='20' width='760' height='260' fill='none' stroke='#334155' stroke-width='3'/>" +
    "<rect x='60' y='60' width='220' height='80' fill='#e2e8f0' stroke='#334155'/>" +
    "<text x='80' y='105' font-family='sans-serif' font-size='18'>Racking A</text>" +
    "<rect x='520' y='60' width='200' height='180' fill='#fef3c7' stroke='#b45309'/>" +
    "<text x='540' y='150' font-family='sans-serif' font-size='18'>Loading bay 2</text>" +
    "<path d='M300 200 L500 200' stroke='#dc2626' stroke-width='4' stroke-dasharray='12 8'/></svg>",
);
