import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('fills defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 4000, DATA_DIR: './data', LOG_LEVEL: 'info', DEMO_PORT: 3000 });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads numbers and strings from the environment', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db', LOG_LEVEL: 'warn' });
    expect(config).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgres://u@h/db', LOG_LEVEL: 'warn' });
  });

  it('refuses bad values, naming each one', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT="eighty"');
      expect(message).toContain('LOG_LEVEL="loud"');
      expect(message).toContain('DATABASE_URL="mysql://x"');
    }
  });

  it('points the public URL at the configured port unless one is given', () => {
    expect(loadConfig({ PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', PUBLIC_URL: 'https://api.example.com' }).PUBLIC_URL).toBe(
      'https://api.example.com',
    );
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000"/);
  });

  it('keeps outbox events for whole hours, at least one', () => {
    expect(loadConfig({}).OUTBOX_RETENTION_HOURS).toBe(72);
    expect(loadConfig({ OUTBOX_RETENTION_HOURS: '6' }).OUTBOX_RETENTION_HOURS).toBe(6);
    expect(() => loadConfig({ OUTBOX_RETENTION_HOURS: '0' })).toThrow(/OUTBOX_RETENTION_HOURS="0"/);
    expect(() => loadConfig({ OUTBOX_RETENTION_HOURS: '1.5' })).toThrow(/OUTBOX_RETENTION_HOURS="1.5"/);
  });
});
