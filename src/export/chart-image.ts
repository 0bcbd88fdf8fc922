/**
 * Charts as image files. These need the DOM (computed styles, Image, canvas),
 * so they live apart from the pure exporters and are called from the UI.
 */

/**
 * Presentation properties copied from computed style onto every element, so
 * the file looks the same outside the page (CSS variables and stylesheets do
 * not travel with a standalone SVG).
 */
const INLINED = [
  'fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'stroke-linecap', 'stroke-linejoin',
  'opacity', 'color', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'visibility',
] as const;

/** Width and height in px of an SVG element (attributes, else viewBox, else its box). */
function sizeOf(svg: SVGSVGElement): { width: number; height: number } {
  const w = Number.parseFloat(svg.getAttribute('width') ?? '');
  const h = Number.parseFloat(svg.getAttribute('height') ?? '');
  if (w > 0 && h > 0) return { width: w, height: h };
  const vb = svg.viewBox?.baseVal;
  if (vb && vb.width > 0 && vb.height > 0) return { width: vb.width, height: vb.height };
  const box = svg.getBoundingClientRect();
  return { width: Math.max(1, Math.round(box.width)), height: Math.max(1, Math.round(box.height)) };
}

/**
 * A standalone SVG document of `svg`: a deep clone with the computed
 * presentation styles of every element inlined (CSS variables resolved),
 * explicit width/height, and the SVG namespace declared.
 */
export function serializeSvg(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const view = svg.ownerDocument.defaultView;
  const source = [svg, ...Array.from(svg.querySelectorAll('*'))];
  const target = [clone, ...Array.from(clone.querySelectorAll('*'))];
  if (view) {
    for (let i = 0; i < source.length; i++) {
      const computed = view.getComputedStyle(source[i]);
      const el = target[i] as SVGElement;
      const decls: string[] = [];
      for (const prop of INLINED) {
        const v = computed.getPropertyValue(prop);
        if (v) decls.push(`${prop}:${v}`);
      }
      // Through the CSSOM, not setAttribute('style'): the page's Content-Security-Policy refuses inline style attributes.
      const own = el.style.cssText;
      el.style.cssText = `${decls.join(';')}${own ? `;${own}` : ''}`;
    }
  }
  const { width, height } = sizeOf(svg);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
}

/** The serialised chart as an `image/svg+xml` Blob. */
export function svgToSvgBlob(svg: SVGSVGElement): Blob {
  return new Blob([serializeSvg(svg)], { type: 'image/svg+xml;charset=utf-8' });
}

/**
 * The chart drawn into a canvas and encoded as PNG. `scale` multiplies the
 * pixel size (2 = crisp on high-DPI screens); `background` fills behind the
 * chart (default white; PNG viewers show transparency as black or a checkerboard).
 */
export function svgToPngBlob(svg: SVGSVGElement, scale = 2, background = '#ffffff'): Promise<Blob> {
  const { width, height } = sizeOf(svg);
  const url = URL.createObjectURL(svgToSvgBlob(svg));
  return new Promise<Blob>((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(width * scale);
        canvas.height = Math.round(height * scale);
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('no 2D canvas context');
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas produced no PNG'))), 'image/png');
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      } finally {
        URL.revokeObjectURL(url);
      }
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('the chart could not be drawn as an image'));
    };
    img.src = url;
  });
}

/** Offers `blob` as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled so the download can start.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
