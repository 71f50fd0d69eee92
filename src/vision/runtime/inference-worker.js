// One inference thread of the InferencePool (inference-pool.ts): it holds its own onnxruntime
// session of every model the pool opened and runs one request at a time, so inference never
// blocks the event loop that serves HTTP. Plain JavaScript on purpose: the same file runs from
// src/ under tsx or vitest and from dist/ after the build, with no TypeScript loader in a thread.
import { parentPort } from 'node:worker_threads';
import ort from 'onnxruntime-node';

/** @type {Map<number, import('onnxruntime-node').InferenceSession>} */
const sessions = new Map();

/** The plain {type, data, dims} a tensor crosses threads as (structured clone drops classes). */
const plain = (tensor) => ({ type: tensor.type, data: tensor.data, dims: tensor.dims });

/** Buffers the tensors own whole: moved to the pool's thread, not copied (a detector's output is over 1 MB). */
const ownBuffers = (tensors) => [
  ...new Set(
    Object.values(tensors ?? {})
      .map(({ data }) => data)
      .filter(
        (data) =>
          data.buffer instanceof ArrayBuffer && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength,
      )
      .map((data) => data.buffer),
  ),
];

async function handle(request) {
  switch (request.kind) {
    case 'open': {
      // The pool sends the options every session is opened with (session-options.ts).
      sessions.set(request.model, await ort.InferenceSession.create(request.bytes, request.options));
      return undefined;
    }
    case 'run': {
      const session = sessions.get(request.model);
      if (!session) throw new Error(`model ${request.model} is not open in this inference thread`);
      const feeds = Object.fromEntries(
        Object.entries(request.feeds).map(([name, t]) => [name, new ort.Tensor(t.type, t.data, t.dims)]),
      );
      const results = await session.run(feeds);
      const outputs = Object.fromEntries(Object.entries(results).map(([name, tensor]) => [name, plain(tensor)]));
      // The feeds' buffers go back too, for the pool's thread to write its next inputs into
      // (tensor-buffers.ts); never one an output uses, which the caller will still be reading.
      const outputBuffers = ownBuffers(outputs);
      return { outputs, returned: ownBuffers(request.feeds).filter((buffer) => !outputBuffers.includes(buffer)) };
    }
    case 'release': {
      await sessions.get(request.model)?.release();
      sessions.delete(request.model);
      return undefined;
    }
    default:
      throw new Error(`unknown request ${request.kind}`);
  }
}

// Requests are handled strictly in order, so a run never overtakes the open it depends on.
let previous = Promise.resolve();
parentPort.on('message', (request) => {
  previous = previous.then(() =>
    handle(request).then(
      (result) =>
        parentPort.postMessage({ id: request.id, ok: true, ...result }, [
          ...ownBuffers(result?.outputs),
          ...(result?.returned ?? []),
        ]),
      (error) =>
        parentPort.postMessage({
          id: request.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        }),
    ),
  );
});

// onnxruntime is loaded: tell the pool this thread can take work.
parentPort.postMessage({ ready: true });
