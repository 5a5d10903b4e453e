import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loggerOptions } from './config.ts';

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

  it('logs JSON lines unless LOG_FORMAT=pretty, never with credentials', () => {
    const json = loggerOptions(loadConfig({}));
    expect(json).toMatchObject({
      level: 'info',
      redact: { paths: expect.arrayContaining(['req.headers.authorization']) },
    });
    expect(json).not.toHaveProperty('transport');
    expect(loggerOptions(loadConfig({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' }))).toMatchObject({
      level: 'debug',
      transport: { target: 'pino-pretty' },
    });
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT="xml"/);
  });

  it('takes a metrics token of 16 characters or more, and none by default', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).METRICS_TOKEN).toBe('a-long-enough-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN="short"/);
  });

  it('keeps the webhook delivery log for whole days, 30 by default', () => {
    expect(loadConfig({}).WEBHOOKS_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ WEBHOOKS_RETENTION_DAYS: '7' }).WEBHOOKS_RETENTION_DAYS).toBe(7);
    expect(() => loadConfig({ WEBHOOKS_RETENTION_DAYS: '0' })).toThrow(/WEBHOOKS_RETENTION_DAYS="0"/);
  });
});
