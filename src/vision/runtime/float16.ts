/**
 * IEEE 754 half precision, as onnxruntime-node takes and gives float16 tensors: Uint16Array bit
 * patterns. Rounds the double itself to nearest, ties to even (going through float32 first would
 * round twice), so converting a 0..255 pixel is exact.
 */
const roundTiesToEven = (x: number) => {
  const floor = Math.floor(x);
  const rest = x - floor;
  return rest > 0.5 || (rest === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
};

/** Half-way between the largest half (65504) and the next step: from here on it is infinity. */
const OVERFLOW = 65520;

export function toHalf(value: number): number {
  if (Number.isNaN(value)) return 0x7e00;
  const sign = value < 0 || Object.is(value, -0) ? 0x8000 : 0;
  const magnitude = Math.abs(value);
  if (magnitude >= OVERFLOW) return sign | 0x7c00;
  if (magnitude < 2 ** -14) {
    // Subnormal: a multiple of 2^-24; 1024 of them carry into the smallest normal, as it should.
    return sign | roundTiesToEven(magnitude / 2 ** -24);
  }
  let exponent = Math.floor(Math.log2(magnitude));
  if (2 ** exponent > magnitude) exponent--;
  if (2 ** (exponent + 1) <= magnitude) exponent++;
  // Scaling by powers of two and subtracting 1 are exact in a double: one rounding only.
  const mantissa = roundTiesToEven((magnitude / 2 ** exponent - 1) * 1024);
  return sign | (((exponent + 15) << 10) + mantissa);
}

export function fromHalf(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (mantissa / 1024);
  if (exponent === 0x1f) return mantissa ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + mantissa / 1024);
}

/**
 * A float16 tensor's bit patterns as float32 values. A plain loop: TypedArray.from with a mapping
 * function walks the source through the iterator protocol, about 40 KB of garbage a classifier's
 * 1000 outputs.
 */
export function halvesToFloats(halves: Uint16Array): Float32Array {
  const values = new Float32Array(halves.length);
  for (let i = 0; i < halves.length; i++) values[i] = fromHalf(halves[i]!);
  return values;
}
