import type { RecoveryCodeStore } from '../../../platform/security/account-recovery';
import type { AdminCodeRepository } from './admin-code.repository.port';

/** The admins' password-reset codes (purpose 'password-reset') as platform's account recovery reads and writes them. */
export function adminResetCodes(repository: AdminCodeRepository): RecoveryCodeStore {
  return {
    find: (adminId) => repository.find(adminId, 'password-reset'),
    replaceUnlessSentAfter: (adminId, code, sentBefore) => repository.replaceUnlessSentAfter({ adminId, purpose: 'password-reset', ...code }, sentBefore),
    claimTry: (adminId, codeHash, maxTries) => repository.claimTry(adminId, 'password-reset', codeHash, maxTries),
    consume: (adminId, codeHash) => repository.consume(adminId, 'password-reset', codeHash),
    remove: (adminId) => repository.remove(adminId, 'password-reset'),
  };
}
