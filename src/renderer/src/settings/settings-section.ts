// What a Settings section gets from the panel: the settings as main last saved them, and the
// save of a patch (true once saved; on failure the panel says what was not saved and why).
import type { Settings } from '../../../shared/contract';

export interface SettingsSectionProps<Patch> {
  settings: Settings;
  onSave(patch: Patch): Promise<boolean>;
}
