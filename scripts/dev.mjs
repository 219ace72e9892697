// `npm run dev`: the game server on API_PORT (3001, restarting on change) and Vite with hot reload on PORT (3000).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env: { ...env, PORT: apiPort, STATIC_DIR: '' } }),
  spawn('npx', ['vite', '--port', process.env.PORT ?? '3000', '--strictPort'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
