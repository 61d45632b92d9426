import { Logger } from '@nestjs/common';

/** Catches what Nest's Logger writes (log, warn, error: the first argument) into `lines`, until jest.restoreAllMocks(). */
export function captureLogger(lines: string[]): void {
  for (const level of ['log', 'warn', 'error'] as const) {
    jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
      lines.push(String(args[0]));
    });
  }
}
