import pino from "pino";

/**
 * One structured logger for the process. Secrets never reach it: request logs carry method,
 * path (no query string), status and duration only, and these keys are redacted wherever they appear.
 */
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "secret",
        "*.secret",
        "cookie",
        "*.cookie",
        "authorization",
        "*.authorization",
      ],
      censor: "[redacted]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
