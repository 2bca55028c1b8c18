import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { chooseLogFormat, prettyLogStream } from './log-format';

describe('the log format', () => {
  it('is readable lines at a terminal and JSON otherwise, unless LOG_FORMAT says which', () => {
    const auto = loadConfig({}).LOG_FORMAT;
    expect(auto).toBe('auto');
    expect(chooseLogFormat(auto, true)).toBe('pretty');
    expect(chooseLogFormat(auto, false)).toBe('json');
    expect(chooseLogFormat(auto, undefined)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('writes a pretty line a person reads: time, level, message and fields, no JSON braces', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    const log = pino({ level: 'info' }, prettyLogStream(out, false));
    log.info({ port: 8080 }, 'robot-ads is ready');
    log.warn('demo data not loaded');
    await new Promise((r) => setImmediate(r));
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\] INFO: robot-ads is ready \{?.*port.*8080/,
    );
    expect(lines[1]).toMatch(/WARN: demo data not loaded$/);
    expect(() => JSON.parse(lines[0] as string)).toThrow();
  });
});
