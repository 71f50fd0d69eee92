import type { ModelManifest } from './model-manifest.js';

/**
 * Models pawlens knows how to install: their manifest (how to feed and read them) and the hash
 * of every file, so a copy carried to an air-gapped host on a USB stick is verified byte for byte.
 */
export interface CatalogueEntry {
  readonly manifest: ModelManifest;
  /** sha256 of each file besides the model, by file name. */
  readonly extraFiles: Readonly<Record<string, string>>;
  readonly about: string;
}

export const MODEL_CATALOGUE: Readonly<Record<string, CatalogueEntry>> = {
  'squeezenet1.0': {
    about: 'SqueezeNet 1.0 ImageNet-1k classifier, float16, 2.5 MB (about 57% top-1; names ~120 dog breeds and 5 cat classes).',
    manifest: {
      name: 'squeezenet1.0',
      task: 'classifier',
      labelSet: 'imagenet-1k',
      description: 'SqueezeNet 1.0 trained on ImageNet-1k, float16.',
      source: 'microsoft/Windows-Machine-Learning, SharedContent/models/SqueezeNet_fp16.onnx',
      license: 'MIT, Copyright (c) Microsoft Corporation',
      file: 'model.onnx',
      sha256: '21f25e3d9254af93e6218a359469fac714a017b3f9035c0f5c4acbf9a3ff7233',
      input: {
        kind: 'image',
        name: 'data_0',
        dtype: 'float16',
        layout: 'NCHW',
        width: 224,
        height: 224,
        resize: 'cover',
        channelOrder: 'BGR',
        scale: 1,
        mean: [0, 0, 0],
        std: [1, 1, 1],
      },
      outputs: [{ name: 'softmaxout_1', kind: 'probabilities', labels: 'labels.json' }],
    },
    extraFiles: { 'labels.json': '06842c1b76d827398b39c586fb3360a5878af0727d9bc638740d093bde94d9f2' },
  },
};
