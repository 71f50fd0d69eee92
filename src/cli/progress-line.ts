/** A progress line on a terminal, rewritten in place; nothing when the output is a file or a pipe. */
export function progressLine(stream: NodeJS.WriteStream, what: string) {
  if (!stream.isTTY) return undefined;
  return (done: number, total: number) => {
    stream.write(`\r${what}: ${done}/${total}${done === total ? '\n' : ''}`);
  };
}
