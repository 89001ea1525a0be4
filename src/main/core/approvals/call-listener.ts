// A listener of approval events (the turn's stream, a window, the terminal) may throw. Its
// failure is its own: it must not leave a request half-registered, keep a call pending or
// change a decision. The broker, the command gate and the registry all call listeners so.

/** Calls `listener`; a throw from it is swallowed (the event is lost for that listener). */
export function callListener(listener: () => void): void {
  try {
    listener();
  } catch {
    // The event is lost for that listener; the approval itself stays consistent.
  }
}
