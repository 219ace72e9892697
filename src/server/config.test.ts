// loadConfig: the variables the HTTP server itself reads (log level, proxy trust) come from the config like every other one.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('logs at info and trusts no proxy by default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ logging: true, logLevel: 'info', trustProxy: false });
  });

  it('reads LOG_LEVEL; silent turns logging off', () => {
    expect(loadConfig({ LOG_LEVEL: 'warn' })).toMatchObject({ logging: true, logLevel: 'warn' });
    expect(loadConfig({ LOG_LEVEL: 'silent' })).toMatchObject({ logging: false, logLevel: 'silent' });
  });

  it('refuses an unknown LOG_LEVEL in one line naming the allowed values', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"');
  });

  it('reads TRUST_PROXY as a hop count or proxy addresses, never as trust-everything', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/would believe any address a client writes/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be a number of hops or proxy addresses/);
  });
});
