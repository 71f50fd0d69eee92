import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ANSWERED, type Step, Steps } from '../../src/http/call-steps.js';

const learnsKey: Step<object, { key: string }> = (req) => ({ key: req.get('x-key') ?? 'none' });
const learnsCount: Step<{ key: string }, { count: number }> = (_req, _res, { key }) => ({ count: key.length });

describe('the steps of a keyed call', () => {
  it('hand each step what the steps before it learnt, and stop after a step that answered', async () => {
    let after = 0;
    const chain = Steps.start()
      .step(learnsKey)
      .step(learnsCount)
      .step((_req, res, { key, count }) => {
        res.json({ key, count });
        return ANSWERED;
      })
      .step(() => {
        after++;
        return undefined;
      });
    const app = express().get('/', ...chain.handlers());
    const response = await request(app).get('/').set('x-key', 'abcd');
    expect(response.body).toEqual({ key: 'abcd', count: 4 });
    expect(after).toBe(0);
  });

  it('tell the error step what was learnt before a step failed, then pass the error on', async () => {
    let seen: unknown;
    const chain = Steps.start()
      .step(learnsKey)
      .step(() => {
        throw new Error('no credits');
      })
      .step(learnsCount);
    const app = express()
      .get(
        '/',
        ...chain.handlers(async (_error, _res, call) => {
          seen = call;
        }),
      )
      .use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
        res.status(402).json({ error: error.message });
      });
    const response = await request(app).get('/').set('x-key', 'k1');
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: 'no credits' });
    expect(seen).toEqual({ key: 'k1' });
  });

  it('do not compile when a step is mounted before the step that learns what it needs', () => {
    // @ts-expect-error learnsCount needs the key, which no step before it learnt.
    const misordered = Steps.start().step(learnsCount);
    expect(misordered).toBeInstanceOf(Steps);
  });
});
