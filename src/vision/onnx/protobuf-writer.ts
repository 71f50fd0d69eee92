/**
 * The few protobuf wire-format encodings ONNX's ModelProto needs. Fields are written in the order
 * the caller gives them, so the same model description always yields the same bytes.
 */
const WIRE_VARINT = 0;
const WIRE_LENGTH_DELIMITED = 2;
const WIRE_FIXED32 = 5;

export class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];

  private varint(value: bigint | number): void {
    // Negative int64 values are written as their 64-bit two's complement, as protobuf requires.
    let v = BigInt.asUintN(64, BigInt(value));
    const bytes: number[] = [];
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v !== 0n) byte |= 0x80;
      bytes.push(byte);
    } while (v !== 0n);
    this.chunks.push(Uint8Array.from(bytes));
  }

  private tag(field: number, wireType: number): void {
    this.varint((field << 3) | wireType);
  }

  int(field: number, value: bigint | number): this {
    this.tag(field, WIRE_VARINT);
    this.varint(value);
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, WIRE_FIXED32);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.chunks.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, WIRE_LENGTH_DELIMITED);
    this.varint(value.length);
    this.chunks.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (writer: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    return this.bytes(field, inner.finish());
  }

  packedInts(field: number, values: readonly (bigint | number)[]): this {
    const inner = new ProtoWriter();
    for (const value of values) inner.varint(value);
    return this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    const length = this.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const out = new Uint8Array(length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}
