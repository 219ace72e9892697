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

  it('reads TRUST_PROXY as 1 or 0 and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY must be 1 or 0, got "yes"');
  });
});
