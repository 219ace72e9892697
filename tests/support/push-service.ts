// A local push service standing in for a browser vendor's (an HTTP server on 127.0.0.1 that records what the game posts), a browser's subscription keys, and RFC 8291 decryption.
import { createECDH, createDecipheriv, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/** One message the game posted to a subscription's endpoint. */
export interface ReceivedPush {
  /** The endpoint's name (the last part of its path). */
  name: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * The push service: every POST to /push/<name> is recorded and answered 201, or with the status the test chose for that
 * name (410 for a subscription the browser gave up).
 */
export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  private readonly statuses = new Map<string, number>();
  private server: Server | null = null;
  private base = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
        if (req.method === 'POST') this.received.push({ name, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(this.statuses.get(name) ?? 201).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('the push service has no port');
    this.base = `http://127.0.0.1:${address.port}`;
  }

  /** The endpoint of a subscription named `name`. */
  endpoint(name: string): string {
    return `${this.base}/push/${encodeURIComponent(name)}`;
  }

  /** Answers posts to `name` with `status` from now on. */
  answer(name: string, status: number): void {
    this.statuses.set(name, status);
  }

  /** What was posted to `name`. */
  to(name: string): ReceivedPush[] {
    return this.received.filter((push) => push.name === name);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushManager.subscribe would make them. */
export class BrowserKeys {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  readonly publicKey: Buffer;

  constructor() {
    this.publicKey = this.ecdh.generateKeys();
  }

  /** The keys as a subscription's JSON carries them. */
  get json(): { p256dh: string; auth: string } {
    return { p256dh: this.publicKey.toString('base64url'), auth: this.auth.toString('base64url') };
  }

  /** The subscription for `endpoint`, as the browser's PushSubscription.toJSON() gives it. */
  subscription(endpoint: string) {
    return { endpoint, expirationTime: null, keys: this.json };
  }

  /** The text of a message encrypted to these keys (Content-Encoding: aes128gcm, RFC 8188 and RFC 8291), one record. */
  decrypt(body: Buffer): string {
    const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const senderKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, senderKey, Buffer.from([1])]);
    const ikm = hmac(hmac(this.auth, shared), keyInfo);
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 2, then zeros of padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('not the last record of a push message');
    return padded.subarray(0, end).toString('utf8');
  }
}
