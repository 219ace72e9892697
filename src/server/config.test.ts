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

  it('keeps the metrics off the game port unless METRICS_PORT or METRICS_TOKEN is set', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: null, metricsToken: null });
    expect(loadConfig({ METRICS_PORT: '', METRICS_TOKEN: '' })).toMatchObject({ metricsPort: null, metricsToken: null });
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(loadConfig({ METRICS_TOKEN: 'a3f9c1d2e4b5a6c7d8e9' }).metricsToken).toBe('a3f9c1d2e4b5a6c7d8e9');
  });

  it('refuses a METRICS_PORT that is no port or is the game port itself', () => {
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT must be a whole number from 1 to 65535, got "70000"');
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow('METRICS_PORT must differ from PORT (8080)');
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/must differ from PORT/);
  });

  it('refuses a short METRICS_TOKEN or one with spaces, without repeating it', () => {
    for (const token of ['short', 'has a space in it here', 'tab\tinside-a-long-token']) {
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(/METRICS_TOKEN must be at least 16 printable characters/);
      try {
        loadConfig({ METRICS_TOKEN: token });
      } catch (error) {
        expect(String(error)).not.toContain(token);
      }
    }
  });
});
