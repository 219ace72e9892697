// Runs the local OAuth2 provider as its own process for the end-to-end tests (port OAUTH_PORT, default 3998).
import { startOAuthProvider } from './oauth-provider';

const provider = await startOAuthProvider(
  { id: '7007', username: 'Freydis', avatar: 'f00dcafe', email: 'freydis@vinland.example', verified: true },
  { port: Number(process.env.OAUTH_PORT ?? 3998), clientSecret: process.env.OAUTH_CLIENT_SECRET ?? 'e2e-secret' },
);
console.log(`OAuth provider on ${provider.baseUrl}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
