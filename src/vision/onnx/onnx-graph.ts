import { ProtoWriter } from './protobuf-writer.js';

/**
 * A small builder for ONNX graphs, writing ModelProto (onnx.proto3, IR version 8) by hand: the
 * build host has no Python `onnx` package, and hand-encoding keeps regeneration byte-identical.
 * Field numbers are those of onnx/onnx.proto.
 */
export const DataType = { FLOAT: 1, INT64: 7, BOOL: 9 } as const;
type DataTypeCode = (typeof DataType)[keyof typeof DataType];

export type Dim = number | string;
export type AttributeValue = number | number[] | string | { ints: number[] } | { float: number };

interface Tensor {
  name: string;
  type: DataTypeCode;
  dims: number[];
  raw: Uint8Array;
}

interface Node {
  op: string;
  inputs: string[];
  outputs: string[];
  name: string;
  attributes: Record<string, AttributeValue>;
}

interface ValueInfo {
  name: string;
  type: DataTypeCode;
  dims: Dim[];
}

const IR_VERSION = 8;
export const OPSET = 17;

export class OnnxGraph {
  private readonly nodes: Node[] = [];
  private readonly initializers: Tensor[] = [];
  private readonly inputs: ValueInfo[] = [];
  private readonly outputs: ValueInfo[] = [];
  private counter = 0;

  constructor(readonly name: string) {}

  input(name: string, dims: Dim[], type: DataTypeCode = DataType.FLOAT): string {
    this.inputs.push({ name, type, dims });
    return name;
  }

  output(name: string, dims: Dim[], type: DataTypeCode = DataType.FLOAT): void {
    this.outputs.push({ name, type, dims });
  }

  /** A float32 constant stored as an initializer. */
  constant(values: ArrayLike<number>, dims: number[], hint = 'const'): string {
    const name = `${hint}_${this.counter++}`;
    const data = Float32Array.from(values);
    if (data.length !== dims.reduce((a, b) => a * b, 1))
      throw new Error(`${name}: ${data.length} values for dims ${dims.join('×')}`);
    this.initializers.push({ name, type: DataType.FLOAT, dims, raw: new Uint8Array(data.buffer) });
    return name;
  }

  scalar(value: number): string {
    return this.constant([value], [], 'scalar');
  }

  /** An int64 constant: shapes and axes for Reshape, Slice and friends. */
  int64s(values: number[], hint = 'ints'): string {
    const name = `${hint}_${this.counter++}`;
    const data = BigInt64Array.from(values.map(BigInt));
    this.initializers.push({ name, type: DataType.INT64, dims: [values.length], raw: new Uint8Array(data.buffer) });
    return name;
  }

  /** Adds a node with one output and returns that output's name (or `output` when given). */
  op(op: string, inputs: string[], attributes: Record<string, AttributeValue> = {}, output?: string): string {
    const name = output ?? `${op.toLowerCase()}_${this.counter++}`;
    this.nodes.push({ op, inputs, outputs: [name], name: `${op}_${this.counter++}`, attributes });
    return name;
  }

  /** Adds a node with `count` outputs (TopK's values and indices) and returns their names. */
  ops(op: string, inputs: string[], attributes: Record<string, AttributeValue>, count: number): string[] {
    const names = Array.from({ length: count }, () => `${op.toLowerCase()}_${this.counter++}`);
    this.nodes.push({ op, inputs, outputs: names, name: `${op}_${this.counter++}`, attributes });
    return names;
  }

  toBytes(producer: { name: string; version: string }, metadata: Record<string, string> = {}): Uint8Array {
    const writer = new ProtoWriter();
    writer.int(1, IR_VERSION);
    writer.string(2, producer.name);
    writer.string(3, producer.version);
    writer.message(7, (graph) => this.writeGraph(graph));
    writer.message(8, (opset) => opset.string(1, '').int(2, OPSET));
    for (const [key, value] of Object.entries(metadata)) {
      writer.message(14, (entry) => entry.string(1, key).string(2, value));
    }
    return writer.finish();
  }

  /**
   * `model` (a serialized ModelProto) with this graph's nodes, initializers and outputs added to
   * its graph. Protobuf merges a repeated embedded message field into the one before it, so a
   * second `graph` field that holds only the additions extends the model without parsing it: the
   * model's own bytes, weights included, are kept as they are.
   */
  extend(model: Uint8Array): Uint8Array {
    const addition = new ProtoWriter()
      .message(7, (graph) => {
        for (const node of this.nodes) graph.message(1, (w) => writeNode(w, node));
        for (const tensor of this.initializers) graph.message(5, (w) => writeTensor(w, tensor));
        for (const output of this.outputs) graph.message(12, (w) => writeValueInfo(w, output));
      })
      .finish();
    const extended = new Uint8Array(model.length + addition.length);
    extended.set(model);
    extended.set(addition, model.length);
    return extended;
  }

  private writeGraph(graph: ProtoWriter): void {
    for (const node of this.nodes) graph.message(1, (w) => writeNode(w, node));
    graph.string(2, this.name);
    for (const tensor of this.initializers) graph.message(5, (w) => writeTensor(w, tensor));
    for (const input of this.inputs) graph.message(11, (w) => writeValueInfo(w, input));
    for (const output of this.outputs) graph.message(12, (w) => writeValueInfo(w, output));
  }
}

function writeNode(w: ProtoWriter, node: Node): void {
  for (const input of node.inputs) w.string(1, input);
  for (const output of node.outputs) w.string(2, output);
  w.string(3, node.name);
  w.string(4, node.op);
  for (const [name, value] of Object.entries(node.attributes)) w.message(5, (a) => writeAttribute(a, name, value));
}

const ATTRIBUTE_FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_STRING = 3;
const ATTRIBUTE_INTS = 7;

function writeAttribute(w: ProtoWriter, name: string, value: AttributeValue): void {
  w.string(1, name);
  if (typeof value === 'number') {
    w.int(3, value).int(20, ATTRIBUTE_INT);
  } else if (typeof value === 'string') {
    w.bytes(4, new TextEncoder().encode(value)).int(20, ATTRIBUTE_STRING);
  } else if (Array.isArray(value) || 'ints' in value) {
    w.packedInts(8, Array.isArray(value) ? value : value.ints).int(20, ATTRIBUTE_INTS);
  } else {
    w.float(2, value.float).int(20, ATTRIBUTE_FLOAT);
  }
}

function writeTensor(w: ProtoWriter, tensor: Tensor): void {
  if (tensor.dims.length > 0) w.packedInts(1, tensor.dims);
  w.int(2, tensor.type);
  w.string(8, tensor.name);
  w.bytes(9, tensor.raw);
}

function writeValueInfo(w: ProtoWriter, info: ValueInfo): void {
  w.string(1, info.name);
  w.message(2, (type) =>
    type.message(1, (tensorType) => {
      tensorType.int(1, info.type);
      tensorType.message(2, (shape) => {
        for (const dim of info.dims) {
          shape.message(1, (d) => (typeof dim === 'number' ? d.int(1, dim) : d.string(2, dim)));
        }
      });
    }),
  );
}
