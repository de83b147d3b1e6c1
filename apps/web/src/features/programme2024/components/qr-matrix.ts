import QRCode from 'qrcode';

/** The dark modules of a QR code for `text`, as a square grid (true = dark). */
export interface QrMatrix {
  size: number;
  dark(row: number, col: number): boolean;
}

export function qrMatrix(text: string): QrMatrix {
  // level M survives a little smudging when a printed code is scanned
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => modules.get(row, col) === 1 };
}

/** One SVG path for every dark module: a single element renders faster than hundreds of rects. */
export function qrPath(m: QrMatrix): string {
  let d = '';
  for (let row = 0; row < m.size; row++) {
    for (let col = 0; col < m.size; col++) {
      if (m.dark(row, col)) d += `M${col} ${row}h1v1h-1z`;
    }
  }
  return d;
}

/** The share poster as a PNG: a title, the code and the link, on white with a quiet zone. */
export async function posterPng(m: QrMatrix, title: string, link: string): Promise<Blob | null> {
  const scale = 12;
  const quiet = 4;
  const codePx = (m.size + quiet * 2) * scale;
  const width = Math.max(codePx, 640);
  const height = codePx + 200;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#d7322d';
  ctx.font = 'bold 36px sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(title, width / 2, 72);
  const left = (width - codePx) / 2 + quiet * scale;
  const top = 110 + quiet * scale;
  ctx.fillStyle = '#1f2329';
  for (let row = 0; row < m.size; row++) {
    for (let col = 0; col < m.size; col++) {
      if (m.dark(row, col)) ctx.fillRect(left + col * scale, top + row * scale, scale, scale);
    }
  }
  ctx.fillStyle = '#86909c';
  ctx.font = '20px sans-serif';
  ctx.fillText(link, width / 2, height - 40, width - 40);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/png'));
}
