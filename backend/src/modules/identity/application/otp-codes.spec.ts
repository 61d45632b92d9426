import { AppConfig } from '../../../platform/config/app-config';
import { OtpCodes } from './otp-codes';

describe('e-mail verification and registration use cases', () => {
  it('makes 6-digit codes, zero-padded', () => {
    const codes = new OtpCodes({ jwtSecret: 'x'.repeat(32) } as AppConfig);
    for (let i = 0; i < 200; i++) expect(codes.generate()).toMatch(/^\d{6}$/);
  });
});
