import sharp, { type Sharp } from 'sharp';
import { decode as decodeBmp } from 'bmp-ts';
import { PROFILE_MESSAGES as M } from '@parley/contracts';
import { badRequest } from '../errors.js';

/** What sharp reports for the formats we take in ('heif' covers AVIF). SVG is not a picture here. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);
/**
 * A 5 MB file can still claim a huge canvas (a compressed bomb); decoding stops past this many
 * pixels. 100 MP covers every phone camera.
 */
const MAX_PIXELS = 100_000_000;

export const SQUARE_IMAGE_TYPE = 'image/webp';

const isBmp = (bytes: Buffer) => bytes.length > 26 && bytes.toString('latin1', 0, 2) === 'BM';

/**
 * sharp has no BMP reader: bmp-ts decodes it to pixels first, after the header's size is
 * checked, since it allocates the whole canvas. Every pixel is made opaque: the decoder
 * gives 24-bit pictures alpha 0, and most 32-bit ones leave it zero too, which would read as
 * fully transparent.
 */
function fromBmp(bytes: Buffer): Sharp {
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize < 40) throw badRequest(M.notAnImage);
  const width = bytes.readInt32LE(18);
  const height = Math.abs(bytes.readInt32LE(22));
  if (width <= 0 || height === 0) throw badRequest(M.notAnImage);
  if (width * height > MAX_PIXELS) throw badRequest(M.imageTooManyPixels);
  let decoded: { width: number; height: number; data: Buffer };
  try {
    decoded = decodeBmp(bytes, { toRGBA: true });
  } catch {
    throw badRequest(M.notAnImage);
  }
  for (let i = 3; i < decoded.data.length; i += 4) decoded.data[i] = 255;
  return sharp(decoded.data, {
    raw: { width: decoded.width, height: decoded.height, channels: 4 },
  });
}

/**
 * Any common picture (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF) in; a `size`×`size` WebP out,
 * turned upright by its EXIF orientation and cropped to cover (the first frame of an
 * animation). Anything else is a 400 with a message a user can act on.
 */
export async function squareImage(bytes: Buffer, size: number): Promise<Buffer> {
  let image: Sharp;
  if (isBmp(bytes)) {
    image = fromBmp(bytes);
  } else {
    image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const format = await image
      .metadata()
      .then((m) => m.format as string | undefined)
      .catch(() => undefined);
    if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(M.notAnImage);
  }
  try {
    return await image
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    const text = err instanceof Error ? err.message : '';
    throw badRequest(/pixel limit/i.test(text) ? M.imageTooManyPixels : M.notAnImage);
  }
}
