import pretty from 'pino-pretty';

export type LogFormatSetting = 'auto' | 'pretty' | 'json';

/**
 * How the server writes its log: `pretty` (one readable, coloured line an event, pino-pretty) for a person
 * at a terminal, `json` (one JSON object a line) for everything else (a log collector, a file, a pipe).
 * LOG_FORMAT=auto (the default) picks pretty when standard output is a terminal.
 */
export function chooseLogFormat(setting: LogFormatSetting, stdoutIsTTY: boolean | undefined): 'pretty' | 'json' {
  if (setting === 'auto') return stdoutIsTTY ? 'pretty' : 'json';
  return setting;
}

/** The stream pretty lines are written through: time, level, message, then the event's fields. */
export function prettyLogStream(destination: NodeJS.WritableStream = process.stdout, colorize = true) {
  return pretty({
    destination,
    colorize,
    sync: true,
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
}
