import type { FileInfo } from '@byeol/contract';
import type { CropArea } from './crop-geometry';

export interface CropOptions {
  /** The image: a URL (same origin or CORS-enabled), a data:/blob: URL, or a File/Blob. */
  src: string | Blob;
  /** Width ÷ height of the frame (1 for a square); default: the image's own aspect. */
  aspect?: number;
  /** Replaces the translated title 이미지 자르기. */
  title?: string;
  /** Output format (default image/png). */
  type?: 'image/png' | 'image/jpeg' | 'image/webp';
  /** JPEG/WebP quality 0–1 (default 0.92). */
  quality?: number;
  /** Scale the output to this width (height follows the frame); default: the selection's own size. */
  outputWidth?: number;
  /** Longest output side (default 4096); larger selections are scaled down. */
  maxOutputSize?: number;
  /**
   * The uploaded file's info, as the hidden field `fileInfo` carries it ('||'-separated, SPEC §5).
   * The popup holds it in that hidden field; the confirm reads it back with `readFileInfo`.
   */
  fileInfo?: string;
}

export interface CropResult {
  blob: Blob;
  /** The selection in the image's natural pixels. */
  area: CropArea;
  /** The hidden `fileInfo` field split into the file-info fields; null when there was none. */
  fileInfo: FileInfo | null;
}
