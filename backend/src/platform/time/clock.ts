/**
 * The current time, as a port: use cases with deadlines (OTP expiry, resend cooldown) read it here,
 * so specs can move time forward instead of sleeping.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
