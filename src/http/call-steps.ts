import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';

/** What a step returns when it has answered the request itself (an idempotent replay): the steps after it do not run. */
export const ANSWERED = Symbol('answered');

type Outcome<Adds> = Adds | typeof ANSWERED | undefined;

/**
 * One step of a keyed call: it reads what the steps before it learnt (`call`) and returns what it
 * learns, which the steps after it receive. A step is typed by what it needs: mounted before the
 * step that learns it, it does not compile (where optional fields of res.locals, read through a
 * run-time check, found a mis-ordered chain only when a request ran it).
 */
export type Step<Call, Adds extends object = Record<never, never>> = (
  req: Request,
  res: Response,
  call: Call,
) => Outcome<Adds> | Promise<Outcome<Adds>>;

/** Where the steps keep one request's call: Express's handlers are separate functions, a request's state is per response. */
const callOf = (res: Response): Record<string, unknown> => {
  res.locals.call ??= {};
  return res.locals.call as Record<string, unknown>;
};

/** Steps a chain takes between two of its own: the key checked and its rate limit taken, shared by every keyed route. */
export type KeyedSteps<Key extends object> = <Call extends object>(steps: Steps<Call>) => Steps<Call & Key>;

/**
 * A chain of steps that grows one typed value per call: `Steps.start().step(a).step(b)` hands b
 * what a learnt. `handlers()` mounts them as Express handlers, with what to do when a step fails
 * (given what was learnt so far, every part of it possibly missing).
 */
export class Steps<Call extends object> {
  private constructor(private readonly chain: readonly RequestHandler[]) {}

  static start(): Steps<Record<never, never>> {
    return new Steps([]);
  }

  step<Adds extends object = Record<never, never>>(step: Step<Call, Adds>): Steps<Call & Adds> {
    const handler: RequestHandler = async (req, res, next) => {
      const call = callOf(res);
      const outcome = await step(req, res, call as Call);
      if (outcome === ANSWERED) return;
      if (outcome) Object.assign(call, outcome);
      next();
    };
    return new Steps([...this.chain, handler]);
  }

  /** Every step's handler; `onError` runs when one fails, before the error is answered, and passes it on. */
  handlers(
    onError?: (error: unknown, res: Response, call: Partial<Call>) => Promise<void>,
  ): Array<RequestHandler | ErrorRequestHandler> {
    if (!onError) return [...this.chain];
    const rescue: ErrorRequestHandler = async (error, _req, res, next) => {
      await onError(error, res, callOf(res) as Partial<Call>);
      next(error);
    };
    return [...this.chain, rescue];
  }
}
