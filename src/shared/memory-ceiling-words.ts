// The words for a memory ceiling, shared by a command's result, a test verdict's reason and a
// checker's "not checked", so a person reads the same sentence wherever a run was stopped:
// "stopped at the memory ceiling of 12 GB".

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** "200 MB", "1.5 GB", "12 GB": whole megabytes under a gigabyte, one decimal under ten. */
export function memorySizeText(bytes: number): string {
  if (bytes < GB) return `${Math.max(1, Math.round(bytes / MB))} MB`;
  const gigabytes = bytes / GB;
  if (gigabytes >= 10) return `${Math.round(gigabytes)} GB`;
  return `${Number(gigabytes.toFixed(1))} GB`;
}

/** "stopped at the memory ceiling of 12 GB". */
export function stoppedAtMemoryCeiling(ceilingBytes: number): string {
  return `stopped at the memory ceiling of ${memorySizeText(ceilingBytes)}`;
}
