// Applies the shared Content-Security-Policy (src/shared/content-security-policy.ts) as a
// response header for every http(s) load (session.webRequest.onHeadersReceived, covers the
// dev server); the production file:// load gets it from the <meta> tag injected at build.
export { buildContentSecurityPolicy, type CspOptions } from '../../shared/content-security-policy';

/**
 * Response headers with our CSP in place of any the server sent (matched case-insensitively,
 * so a server cannot add a weaker second policy under another spelling).
 */
export function withContentSecurityPolicy(
  headers: Record<string, string | string[]> | undefined,
  policy: string,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    result[name] = Array.isArray(value) ? value : [value];
  }
  result['Content-Security-Policy'] = [policy];
  return result;
}
