// One inference thread of the floor (floor.ts): its own onnxruntime session of each model, one
// onnxruntime thread each, as the service's inference threads have. Independent of src/ on purpose.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import ort from 'onnxruntime-node';

// x64quantprecision: the int8 model's exact answers on a processor without VNNI, at its cost, as
// the service computes them.
const options = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
  extra: { session: { x64quantprecision: '1' } },
};
const sessions = {};
for (const [name, file] of Object.entries(workerData.models))
  sessions[name] = await ort.InferenceSession.create(readFileSync(file), options);

parentPort.on('message', async ({ id, model, input, type, data, dims }) => {
  const session = sessions[model];
  const outputs = await session.run({ [input]: new ort.Tensor(type, data, dims) });
  const first = outputs[session.outputNames[0]];
  parentPort.postMessage({ id, data: first.data, dims: first.dims }, [first.data.buffer]);
});
parentPort.postMessage({ ready: true });
