// One HTTP request over a shared keep-alive agent, for the simulated players: `fetch` (undici) spent about 1.3 ms of CPU per request, a visible share of two cores when the load generator runs beside the servers.
import { Agent, request } from 'node:http';

/** Connections stay open between a player's turns; Node closes an idle one before the server's keep-alive timeout says it will. */
const agent = new Agent({ keepAlive: true, scheduling: 'lifo' });

export interface HttpReply {
  status: number;
  text: string;
  /** The Retry-After header, when the server sent one (503s). */
  retryAfter: string | null;
}

/** Sends one request and reads the whole reply; a refused or cut connection rejects with the socket's error. */
export function httpCall(url: string, method: string, headers: Record<string, string>, body?: string): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    // A length, also 0 for a bodiless POST, rather than Node's default of a chunked body.
    const length = body !== undefined ? Buffer.byteLength(body) : 0;
    const req = request(url, { method, headers: method === 'GET' ? headers : { ...headers, 'content-length': String(length) }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      const retryAfter = res.headers['retry-after'] ?? null;
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), retryAfter }));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('reply cut off')));
    });
    req.on('error', reject);
    req.end(body);
  });
}
