import type { BrowserWindowConstructorOptions } from 'electron';

/** The renderer may load only our own code and talk to nothing: the backend owns the network. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Web preferences of every window: isolated, sandboxed, no Node. */
export function secureWebPreferences(preload?: string): BrowserWindowConstructorOptions['webPreferences'] {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: true,
    ...(preload ? { preload } : {}),
  };
}
