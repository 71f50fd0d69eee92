import type { ModelManifest } from '../../src/vision/runtime/model-manifest.js';
import type { OnnxGraph } from '../../src/vision/onnx/onnx-graph.js';

/** One generated model: its graph, and its manifest less what the bytes decide (file, sha256). */
export interface BuiltinModel {
  readonly graph: OnnxGraph;
  readonly manifest: Omit<ModelManifest, 'file' | 'sha256'>;
}
