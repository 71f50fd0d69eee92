import sharp from 'sharp';

const WIDTH = 4032;
const HEIGHT = 3024;
/** Grain strength, chosen so the JPEG lands at about 2.5 MB, as a 12 MP phone photo does. */
const AMPLITUDE = 90;

/** Sensor-like grain from a fixed seed (xorshift32), so every bench run sends the same bytes. */
function grain(amplitude: number): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  // The mean of three uniforms is close enough to Gaussian for JPEG to find it as hard as real noise.
  for (let i = 0; i < pixels.length; i++) pixels[i] = 128 + Math.round(((next() + next() + next()) / 3 - 0.5) * 2 * amplitude);
  return pixels;
}

/**
 * A stand-in for what a phone sends: 12 MP (4032×3024), a dark-brown stool on a light floor,
 * with sensor grain so that it compresses like a photo (about 2.5 MB), not like a flat drawing.
 */
export async function phoneStoolPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#e1dcd2"/><ellipse cx="${WIDTH / 2}" cy="${HEIGHT / 2}" rx="${WIDTH / 4}" ry="${HEIGHT / 4.3}" fill="#6e4623"/></svg>`;
  const noise = await sharp(grain(AMPLITUDE), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'soft-light' }]).jpeg({ quality: 90 }).toBuffer();
}
