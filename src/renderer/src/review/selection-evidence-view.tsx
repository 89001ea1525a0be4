// The evidence of what the primary button would write, above the diff: the proposal's own, or
// the selection's (or the edited text's) with what it is the evidence of. Until the
// selection's check answers, the screen says a write now would be unchecked.
import { EvidencePanel } from './evidence-panel';
import type { SelectionEvidenceState } from './use-selection-evidence';

interface Props {
  checked: SelectionEvidenceState;
  /** What would be written is not the proposal as shown. */
  picked: boolean;
  /** "For the 1 of 2 hunks selected", "For your version". */
  scope: string | null;
  proposedTexts: Readonly<Record<string, string>>;
}

export function SelectionEvidenceView({ checked, picked, scope, proposedTexts }: Props) {
  if (checked.error && picked)
    return (
      <p className="evidence-error" role="status">
        This selection could not be checked: {checked.error}
      </p>
    );
  if (checked.evidence)
    return (
      <EvidencePanel evidence={checked.evidence} proposedTexts={proposedTexts} notice={scope} />
    );
  if (!picked || checked.complete) return null;
  return (
    <p className="evidence-pending muted" role="status">
      {scope ?? 'For this selection'}: checking… You can decide without waiting; what you approve
      before the check ends is written unchecked.
    </p>
  );
}
