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

/**
 * Whether an address is the app's own page: the built renderer's file, or in development the
 * dev server's origin. Query and fragment do not matter (the app routes in the fragment).
 */
export function trustedPage(entry: string): (url: string) => boolean {
  const page = new URL(entry);
  const devServer = page.protocol === 'http:' || page.protocol === 'https:';
  return (url) => {
    let candidate: URL;
    try {
      candidate = new URL(url);
    } catch {
      return false;
    }
    if (devServer) return candidate.origin === page.origin;
    return candidate.protocol === 'file:' && candidate.pathname === page.pathname;
  };
}
