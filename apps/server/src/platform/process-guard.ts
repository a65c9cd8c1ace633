/**
 * The last guard of the process (issue 21): an error that escaped every job and stream guard
 * is logged with its stack and survived, so one bad upload or job cannot take the API,
 * realtime and every other job down with it — on PGlite, again at every restart.
 *
 * uncaughtException is survived too. In this server it comes from an 'error' event of a
 * stream nobody listened to (issue 21's was a read stream on a file ffmpeg never wrote), which
 * leaves no shared state half-changed; ending the process would drop every request and job in
 * flight over one file. The log line says so, so an operator can still act on it.
 */
export interface ProcessLog {
  error(obj: object, msg: string): void;
}

export function guardProcess(log: ProcessLog, proc: NodeJS.Process = process): () => void {
  const onRejection = (reason: unknown) =>
    log.error({ err: reason }, 'unhandled promise rejection; the server keeps running');
  const onException = (err: Error, origin: string) =>
    log.error({ err, origin }, 'uncaught exception; the server keeps running');
  proc.on('unhandledRejection', onRejection);
  proc.on('uncaughtException', onException);
  return () => {
    proc.off('unhandledRejection', onRejection);
    proc.off('uncaughtException', onException);
  };
}
