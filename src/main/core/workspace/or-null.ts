// File-system reads where nothing there (missing, unreadable, gone meanwhile) is an answer,
// not an error: the caller goes on with null.

/** What `read` returns, or null when it throws. */
export function orNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}
