import type { AvatarType } from '@console/shared';

/**
 * The image type of an upload from its first bytes. The declared type is not trusted: a file
 * that is not really a PNG, JPEG, GIF or WebP (SVG included, which can carry script) is refused.
 */
export function sniffImageType(data: Buffer): AvatarType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) {
    return 'image/png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return 'image/jpeg';
  }
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
