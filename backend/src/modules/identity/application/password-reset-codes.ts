import type { RecoveryCodeStore } from '../../../platform/security/account-recovery';
import type { PasswordResetCodeRepository } from './password-reset-code.repository.port';

/** The customers' reset codes as platform's account recovery reads and writes them (docs/accounts.md#password-reset). */
export function customerResetCodes(repository: PasswordResetCodeRepository): RecoveryCodeStore {
  return {
    find: (userId) => repository.find(userId),
    replaceUnlessSentAfter: (userId, code, sentBefore) => repository.replaceUnlessSentAfter({ userId, ...code }, sentBefore),
    claimTry: (userId, codeHash, maxTries) => repository.claimTry(userId, codeHash, maxTries),
    consume: (userId, codeHash) => repository.consume(userId, codeHash),
    remove: (userId) => repository.remove(userId),
  };
}
