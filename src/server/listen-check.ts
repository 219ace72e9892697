// Tries the listening address before the slow part of start-up, so a busy port is reported at once and in one line.
import { createServer } from 'node:net';

/** The one line a person reads when the server cannot listen on host:port; `variable` is the setting that chose the port. */
export function listenProblem(error: NodeJS.ErrnoException, host: string, port: number, variable = 'PORT'): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use on ${host}: stop the other server or set ${variable}.`;
    case 'EACCES':
      return `Port ${port} on ${host} needs privileges this process lacks: set ${variable} to 1024 or above.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${host} is not an address of this machine: set HOST to one that is (127.0.0.1, or 0.0.0.0 for every interface).`;
    default:
      return `Cannot listen on ${host}:${port}: ${error.message}`;
  }
}

/** Null when host:port can be listened on right now, else the reason in one line. */
export function checkListen(host: string, port: number, variable = 'PORT'): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(listenProblem(error, host, port, variable)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}
