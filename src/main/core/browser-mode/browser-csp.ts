// Browser mode's Content-Security-Policy: the Electron window's policy plus this server's one
// WebSocket endpoint.
import { buildContentSecurityPolicy } from '../../../shared/content-security-policy';

export function browserModeCsp(port: number): string {
  return buildContentSecurityPolicy({
    connectSources: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`],
  });
}
