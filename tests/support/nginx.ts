// Debian's nginx as a process of a test's own, running the repository's documented configuration (deploy/nginx.conf) with the test's ports, upstreams and a self-signed certificate put in.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

/** Where Debian's package puts it. */
export const NGINX = '/usr/sbin/nginx';
/** The documented configuration: what the test runs is what docs/DEPLOY.md tells the operator to install. */
export const DOCUMENTED_CONFIG = 'deploy/nginx.conf';

export function nginxInstalled(): boolean {
  return existsSync(NGINX);
}

export interface SiteValues {
  /** The game processes' ports, for the upstream's two `server` lines (3001 and 3002 in the file). */
  upstreams: [number, number];
  httpsPort: number;
  httpPort: number;
  certificate: string;
  key: string;
}

/**
 * The documented file with a test's values in place of the operator's. Each replaced text must be in the file exactly
 * once, so the file cannot drift from what the test assumes without the test saying so.
 */
export function renderSite(text: string, values: SiteValues): string {
  const replacements: [string, string][] = [
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${values.upstreams[0]} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${values.upstreams[1]} `],
    ['listen 80;', `listen 127.0.0.1:${values.httpPort};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${values.httpsPort} ssl http2;`],
    // The test listens on 127.0.0.1 only: the IPv6 listeners go (a test machine may have no IPv6).
    ['    listen [::]:80;\n', ''],
    ['    listen [::]:443 ssl http2;\n', ''],
    ['/etc/letsencrypt/live/game.example.org/fullchain.pem', values.certificate],
    ['/etc/letsencrypt/live/game.example.org/privkey.pem', values.key],
  ];
  let out = text;
  for (const [from, to] of replacements) {
    const count = out.split(from).length - 1;
    if (count !== 1) throw new Error(`${DOCUMENTED_CONFIG}: expected "${from.trim()}" once, found it ${count} times`);
    out = out.replace(from, to);
  }
  return out;
}

export interface NginxRun {
  /** https://127.0.0.1:<port>: the game as players reach it (an address, so no resolver may pick ::1, where nginx is not). */
  origin: string;
  httpPort: number;
  /** The self-signed certificate, for clients to trust. */
  ca: Buffer;
  /** nginx's error log so far (retries to the other process are logged there). */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Starts nginx in the foreground with the documented site inside a minimal `http` block (what Debian's own nginx.conf
 * would wrap it in), its logs, pid and temporary files in a folder of its own; resolves once it accepts connections.
 */
export async function startNginx(upstreams: [number, number]): Promise<NginxRun> {
  if (!nginxInstalled()) throw new Error(`nginx is not installed at ${NGINX}: apt-get install nginx (.ci/run does)`);
  const dir = mkdtempSync(join(tmpdir(), 'vikings-nginx-'));
  const certificate = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', certificate,
  ]);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  writeFileSync(join(dir, 'vikings.conf'), renderSite(readFileSync(DOCUMENTED_CONFIG, 'utf8'), { upstreams, httpsPort, httpPort, certificate, key }));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      // As root, workers would switch to `nobody`, who may not read this folder: the test's workers stay root.
      userInfo().uid === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `error_log ${join(dir, 'error.log')} info;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${join(dir, 'access.log')};`,
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${join(dir, temp)};`),
      `  include ${join(dir, 'vikings.conf')};`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const deadline = Date.now() + 10_000;
  while (!(await accepts(httpsPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${printed}\n${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin: `https://127.0.0.1:${httpsPort}`,
    httpPort,
    ca: readFileSync(certificate),
    errorLog,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
