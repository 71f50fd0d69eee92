/** The client hung up before its answer was ready: nothing is sent, nothing is logged as an error. */
export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
  constructor() {
    super('the client closed the connection before the answer was ready');
  }
}
