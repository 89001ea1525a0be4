// The Content-Security-Policy sent with every page of browser mode: the same rules as the
// Electron window, plus the one WebSocket endpoint of this server.
export function browserModeCsp(port: number): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // react-diff-viewer-continued styles through emotion, which injects <style> elements.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
