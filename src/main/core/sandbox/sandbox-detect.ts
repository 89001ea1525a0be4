// Which OS sandbox run_command uses here, probed once per process: bubblewrap on Linux,
// Seatbelt on macOS, none elsewhere (every command then asks and says "not sandboxed").
import { detectBubblewrap, type SandboxAvailability } from './bubblewrap';
import { detectSeatbelt } from './seatbelt';

export function detectSandbox(platform: NodeJS.Platform = process.platform): SandboxAvailability {
  return platform === 'darwin' ? detectSeatbelt(platform) : detectBubblewrap(platform);
}

/** The sandbox's name for people: "bubblewrap" or "Seatbelt". */
export function sandboxName(sandbox: SandboxAvailability): string {
  if (sandbox.kind === 'container') return 'a container';
  return sandbox.kind === 'seatbelt' ? 'Seatbelt' : 'bubblewrap';
}
