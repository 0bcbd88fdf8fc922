/** How the CLI ends when whoever reads its output goes away (`lab … | head -c 100`). */

/**
 * Makes a closed pipe on `stream` end the process quietly with status 0: the
 * reader has what it wanted, and a stack trace would only be noise. Any other
 * write error still surfaces.
 */
export function quietOnClosedPipe(stream: NodeJS.WritableStream, exit: (status: number) => never): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') exit(0);
    throw e;
  });
}
