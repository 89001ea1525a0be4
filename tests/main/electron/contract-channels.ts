import { sluiceContract } from '../../../src/shared/contract';
import { listContractChannels } from '../../../src/shared/contract/preload-bridge';

export { ContractErrorName } from '../../../src/shared/contract';

export function listContractChannelsOf(): string[] {
  return listContractChannels(sluiceContract);
}
