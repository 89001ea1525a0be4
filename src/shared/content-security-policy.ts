// The renderer's Content-Security-Policy, built in one place for every shell: Electron's
// response header, browser mode's response header, and the <meta> tag injected into the
// production index.html at build time (the file:// load has no response headers).

export interface CspOptions {
  /**
   * The Vite dev server origin (never set in a packaged app). Dev needs two relaxations:
   * the React Refresh preamble is an inline <script>, and HMR talks over ws://.
   */
  readonly devServerOrigin?: string;
  /** Extra connect-src sources: browser mode's own WebSocket endpoint. */
  readonly connectSources?: readonly string[];
}

export function buildContentSecurityPolicy(options: CspOptions = {}): string {
  const dev = options.devServerOrigin ? new URL(options.devServerOrigin) : null;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    // 'unsafe-inline' for styles only: react-diff-viewer-continued styles itself with emotion,
    // which injects <style> elements at run time. Styles cannot run code; scripts stay strict.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // No remote images: markdown from the model must not make the app fetch anything.
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    [
      'connect-src',
      ["'self'", ...(dev ? [`ws://${dev.host}`] : []), ...(options.connectSources ?? [])],
    ],
    // Diff work runs in workers bundled with the app (the viewer may start them from blob: URLs).
    ['worker-src', ["'self'", 'blob:']],
    ['media-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['child-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
