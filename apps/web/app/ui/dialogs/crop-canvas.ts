import type { CropArea, Size } from './crop-geometry';

/**
 * Draws the selection of a loaded image onto a canvas of `out` size and encodes it. Browser only.
 * A cross-origin image without CORS taints the canvas: toBlob then throws a SecurityError.
 */
export function renderCrop(image: CanvasImageSource, area: CropArea, out: Size, type: string, quality?: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = out.width;
  canvas.height = out.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('Canvas 2D is not available'));
  if (type === 'image/jpeg') {
    // JPEG has no transparency: transparent pixels would turn black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, out.width, out.height);
  }
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, out.width, out.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), type, quality);
  });
}
